package dev.evperf.monitor.channel;

import static dev.evperf.monitor.channel.HandlerSelectionTest.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad configuration: one clear line naming the field, before anything runs. */
class ChannelConfigTest {
    @TempDir
    Path dir;

    private static String error(String channelsJson) {
        try {
            Channels.validate(json(channelsJson), "channels");
        } catch (IllegalArgumentException e) {
            assertThat(e.getMessage()).doesNotContain("\n");
            return e.getMessage();
        }
        throw new AssertionError("no error for " + channelsJson);
    }

    @Test
    void unknownHandlerSuggestsTheClosestName() {
        assertThat(error("{'trace': {'handler': 'bufferd'}}"))
                .isEqualTo(
                        "channels.trace.handler: expected identity, buffered, downsample, xoy, first-last, periodic-counter or null, got 'bufferd'; did you mean 'buffered'?");
        assertThat(error("{'trace': {'handler': 'firstlast'}}"))
                .isEqualTo(
                        "channels.trace.handler: expected identity, buffered, downsample, xoy, first-last, periodic-counter or null, got 'firstlast'; did you mean 'first-last'?");
        assertThat(error("{'trace': 'XoY2'}"))
                .isEqualTo(
                        "channels.trace.handler: expected identity, buffered, downsample, xoy, first-last, periodic-counter or null, got 'XoY2'; did you mean 'xoy'?");
        assertThat(error("{'trace': {'handler': 'kafka'}}"))
                .isEqualTo(
                        "channels.trace.handler: expected identity, buffered, downsample, xoy, first-last, periodic-counter or null, got 'kafka'");
        assertThat(error("{'trace': {'handler': 'xoy', 'x': 1, 'y': 8, 'then': {'handler': 'nul'}}}"))
                .isEqualTo(
                        "channels.trace.then.handler: expected identity, buffered, downsample, xoy, first-last, periodic-counter or null, got 'nul'; did you mean 'null'?");
        assertThat(error("{'trace': {'x': 1}}"))
                .isEqualTo(
                        "channels.trace.handler: missing; expected identity, buffered, downsample, xoy, first-last, periodic-counter or null");
    }

    @Test
    void yMustBeAPowerOfTwoAndXAtMostY() {
        assertThat(error("{'trace': {'handler': 'xoy', 'x': 1, 'y': 48}}"))
                .isEqualTo(
                        "channels.trace.y: 48 is not a power of two (XoY keeps ids with id & (y - 1) < x); nearest: 32 or 64");
        assertThat(error("{'trace': {'handler': 'xoy', 'x': 9, 'y': 8}}"))
                .isEqualTo("channels.trace.x: 9 is greater than y (8); need 1 ≤ x ≤ y");
        assertThat(error("{'trace': {'handler': 'xoy', 'x': 0, 'y': 8}}"))
                .isEqualTo("channels.trace.x: must be ≥ 1, got 0");
        assertThat(error("{'trace': {'handler': 'xoy', 'x': 1}}")).startsWith("channels.trace.y: missing");
        assertThat(error("{'trace': 'xoy'}")).startsWith("channels.trace.y: missing");
        assertThat(error("{'trace': {'handler': 'xoy', 'x': 1, 'y': 'lots'}}"))
                .isEqualTo("channels.trace.y: expected a whole number, got 'lots'");
    }

    @Test
    void unknownCompressionAndBadNumbers() {
        assertThat(
                        error(
                                "{'t': {'handler': 'xoy', 'x': 1, 'y': 64, 'then': {'handler': 'buffered', 'compression': 'zstdd'}}}"))
                .isEqualTo(
                        "channels.t.then.compression: expected none, zstd or lz4, got 'zstdd'; did you mean 'zstd'?");
        assertThat(error("{'t': {'handler': 'buffered', 'compression': 'gzip'}}"))
                .isEqualTo("channels.t.compression: expected none, zstd or lz4, got 'gzip'");
        assertThat(error("{'s': {'handler': 'downsample', 'n': 0}}")).isEqualTo("channels.s.n: must be ≥ 1, got 0");
        assertThat(error("{'s': {'handler': 'downsample'}}"))
                .isEqualTo("channels.s.n: missing (keep every n-th record, n ≥ 1)");
        assertThat(error("{'s': {'handler': 'downsample', 'n': 2, 'by': 'time'}}"))
                .isEqualTo("channels.s.by: expected count or id, got 'time'");
        assertThat(error("{'t': {'handler': 'buffered', 'compression': 'lz4', 'level': 3}}"))
                .isEqualTo("channels.t.level: only compression zstd has a level");
        assertThat(error("{'t': {'handler': 'buffered', 'max_blocks': 1}}"))
                .isEqualTo("channels.t.max_blocks: must be ≥ 2, got 1");
        assertThat(error("{'r': {'handler': 'periodic-counter', 'period': 'often'}}"))
                .isEqualTo(
                        "channels.r.period: 'often' is not a duration; expected a number with a unit, e.g. 100ms, 2s, 500us");
        assertThat(error("{'r': {'handler': 'periodic-counter', 'threads': 'mult'}}"))
                .isEqualTo("channels.r.threads: expected single or multi, got 'mult'; did you mean 'multi'?");
    }

    @Test
    void unknownKeysAndShapes() {
        assertThat(error("{'t': {'handler': 'xoy', 'x': 1, 'y': 8, 'z': 2}}"))
                .isEqualTo("unknown key 'z' in channels.t; did you mean 'x'?");
        assertThat(error("{'t': {'handler': 'buffered', 'compresion': 'zstd'}}"))
                .isEqualTo("unknown key 'compresion' in channels.t; did you mean 'compression'?");
        assertThat(error("{'t': {'handler': 'null', 'then': 'buffered'}}"))
                .isEqualTo("unknown key 'then' in channels.t; it takes no keys");
        assertThat(error("['t']")).isEqualTo("channels: expected a mapping of keys");
        assertThat(error("{'t': 5}"))
                .isEqualTo(
                        "channels.t: expected a handler name or a mapping with 'handler' (e.g. {handler: buffered}), got 5");
        assertThat(
                        error(
                                "{'a': {'handler': 'buffered', 'file': 'x.bin'}, 'b': {'handler': 'identity', 'then': {'handler': 'buffered', 'file': 'x.bin'}}}"))
                .isEqualTo("channels.b.then.file: 'x.bin' is also the file of channel 'a'");
    }

    @Test
    void validateNamesTheCallersPathAndAcceptsGoodConfigurations() {
        assertThatThrownBy(() ->
                        Channels.validate(json("{'trace': {'handler': 'xoy', 'x': 1, 'y': 6}}"), "measure.channels"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("measure.channels.trace.y: 6 is not a power of two");
        assertThatCode(() -> Channels.validate(
                        json(
                                "{'trace': {'handler': 'xoy', 'x': 1, 'y': 64, "
                                        + "'then': {'handler': 'buffered', 'compression': 'zstd', 'file': 'trace.bin.zst'}}, "
                                        + "'rate': {'handler': 'periodic-counter', 'period': '250us'}, 'off': 'null', '*': 'first-last'}"),
                        "channels"))
                .hasMessageContaining("period: must be at least 1ms");
        assertThatCode(() -> Channels.validate(
                        json(
                                "{'trace': {'handler': 'xoy', 'x': 1, 'y': 64, "
                                        + "'then': {'handler': 'buffered', 'compression': 'zstd', 'file': 'trace.bin.zst'}}, "
                                        + "'rate': {'handler': 'periodic-counter', 'period': '100ms'}, 'off': 'null', '*': 'first-last'}"),
                        "channels"))
                .doesNotThrowAnyException();
        assertThatCode(() -> Channels.validate((JsonNode) null, "channels")).doesNotThrowAnyException();
    }

    @Test
    void createChecksBeforeOpeningAnything() {
        assertThatThrownBy(() -> Channels.create(json("{'t': {'handler': 'bufferd'}}"), dir))
                .hasMessage(
                        "channels.t.handler: expected identity, buffered, downsample, xoy, first-last, periodic-counter or null, got 'bufferd'; did you mean 'buffered'?");
        try (Channels channels = Channels.create(
                json(
                        "{'t': {'handler': 'xoy', 'x': 1, 'y': 2, 'then': {'handler': 'buffered', 'compression': 'none'}}}"),
                dir)) {
            Channel c = channels.open("t");
            for (long i = 0; i < 6; i++) {
                c.log(i, i);
            }
            channels.close();
            assertThat(ChannelFile.read(c.file()).ids()).containsExactly(0, 2, 4);
            assertThatThrownBy(() -> channels.open("u")).isInstanceOf(IllegalStateException.class);
        }
        try (Channels channels = Channels.create(json("{}"), dir.resolve("x"))) {
            assertThatThrownBy(() -> channels.open("a/b"))
                    .hasMessage(
                            "channels.*.file: channel name 'a/b' cannot name a file; give the buffered handler a file");
        }
        assertThat(List.of(Compression.values())).extracting(Compression::id).containsExactly("none", "zstd", "lz4");
    }
}
