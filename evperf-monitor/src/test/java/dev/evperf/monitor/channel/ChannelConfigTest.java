package dev.evperf.monitor.channel;

import static dev.evperf.monitor.channel.HandlerSelectionTest.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
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
                .isEqualTo("channels.trace.handler: unknown handler 'bufferd'; did you mean 'buffered'?");
        assertThat(error("{'trace': {'handler': 'firstlast'}}"))
                .isEqualTo("channels.trace.handler: unknown handler 'firstlast'; did you mean 'first-last'?");
        assertThat(error("{'trace': 'XoY2'}"))
                .isEqualTo("channels.trace.handler: unknown handler 'XoY2'; did you mean 'xoy'?");
        assertThat(error("{'trace': {'handler': 'kafka'}}"))
                .isEqualTo(
                        "channels.trace.handler: unknown handler 'kafka'; one of identity, buffered, downsample, xoy, first-last, periodic-counter, null");
        assertThat(error("{'trace': {'handler': 'xoy', 'x': 1, 'y': 8, 'then': {'handler': 'nul'}}}"))
                .isEqualTo("channels.trace.then.handler: unknown handler 'nul'; did you mean 'null'?");
        assertThat(error("{'trace': {'x': 1}}"))
                .startsWith("channels.trace.handler: missing; one of identity, buffered");
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
                .isEqualTo("channels.trace.y: expected an integer, got 'lots'");
    }

    @Test
    void unknownCompressionAndBadNumbers() {
        assertThat(
                        error(
                                "{'t': {'handler': 'xoy', 'x': 1, 'y': 64, 'then': {'handler': 'buffered', 'compression': 'zstdd'}}}"))
                .isEqualTo("channels.t.then.compression: unknown compression 'zstdd'; did you mean 'zstd'?");
        assertThat(error("{'t': {'handler': 'buffered', 'compression': 'gzip'}}"))
                .isEqualTo("channels.t.compression: unknown compression 'gzip'; one of none, zstd, lz4");
        assertThat(error("{'s': {'handler': 'downsample', 'n': 0}}")).isEqualTo("channels.s.n: must be ≥ 1, got 0");
        assertThat(error("{'s': {'handler': 'downsample'}}"))
                .isEqualTo("channels.s.n: missing (keep every n-th record, n ≥ 1)");
        assertThat(error("{'s': {'handler': 'downsample', 'n': 2, 'by': 'time'}}"))
                .isEqualTo("channels.s.by: unknown 'time'; one of count, id");
        assertThat(error("{'t': {'handler': 'buffered', 'compression': 'lz4', 'level': 3}}"))
                .isEqualTo("channels.t.level: only compression zstd has a level");
        assertThat(error("{'t': {'handler': 'buffered', 'max_blocks': 1}}"))
                .isEqualTo("channels.t.max_blocks: must be ≥ 2, got 1");
        assertThat(error("{'r': {'handler': 'periodic-counter', 'period': 'often'}}"))
                .isEqualTo("channels.r.period: expected a duration such as 100ms or 1s, got 'often'");
        assertThat(error("{'r': {'handler': 'periodic-counter', 'threads': 'mult'}}"))
                .isEqualTo("channels.r.threads: unknown 'mult'; did you mean 'multi'?");
    }

    @Test
    void unknownKeysAndShapes() {
        assertThat(error("{'t': {'handler': 'xoy', 'x': 1, 'y': 8, 'z': 2}}"))
                .isEqualTo("channels.t.z: unknown key for handler 'xoy'; did you mean 'x'?");
        assertThat(error("{'t': {'handler': 'buffered', 'compresion': 'zstd'}}"))
                .isEqualTo("channels.t.compresion: unknown key for handler 'buffered'; did you mean 'compression'?");
        assertThat(error("{'t': {'handler': 'null', 'then': 'buffered'}}"))
                .isEqualTo("channels.t.then: unknown key for handler 'null'; allowed: handler");
        assertThat(error("['t']")).isEqualTo("channels: expected a map of channel name to handler, got a list");
        assertThat(error("{'t': 5}"))
                .isEqualTo("channels.t: expected a handler configuration (an object with 'handler'), got 5");
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
        assertThatCode(() -> Channels.validate(null, "channels")).doesNotThrowAnyException();
    }

    @Test
    void createChecksBeforeOpeningAnythingAndAcceptsAMap() {
        assertThatThrownBy(() -> Channels.create(json("{'t': {'handler': 'bufferd'}}"), dir))
                .hasMessage("channels.t.handler: unknown handler 'bufferd'; did you mean 'buffered'?");
        try (Channels channels = Channels.create(
                Map.of(
                        "t",
                        Map.of(
                                "handler",
                                "xoy",
                                "x",
                                1,
                                "y",
                                2,
                                "then",
                                Map.of("handler", "buffered", "compression", "none"))),
                dir)) {
            Channel c = channels.open("t");
            for (long i = 0; i < 6; i++) {
                c.log(i, i);
            }
            channels.close();
            assertThat(ChannelFile.read(c.file()).ids()).containsExactly(0, 2, 4);
            assertThatThrownBy(() -> channels.open("u")).isInstanceOf(IllegalStateException.class);
        }
        try (Channels channels = Channels.create(Map.of(), dir.resolve("x"))) {
            assertThatThrownBy(() -> channels.open("a/b"))
                    .hasMessage(
                            "channels.*.file: channel name 'a/b' cannot name a file; give the buffered handler a file");
        }
        assertThat(List.of(Compression.values())).extracting(Compression::id).containsExactly("none", "zstd", "lz4");
    }
}
