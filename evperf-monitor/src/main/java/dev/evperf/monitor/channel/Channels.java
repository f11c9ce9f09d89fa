package dev.evperf.monitor.channel;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.api.config.BindError;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Pattern;

/**
 * The registry of a process's channels (Cloudprofiler's channels and handlers): one channel per
 * name, its handler chain chosen by configuration at run time.
 *
 * <p>Configuration: a map of channel name → {@link HandlerConfig}, bound by Jackson from e.g. (YAML)
 * <pre>
 * trace:   {handler: xoy, x: 1, y: 64, then: {handler: buffered, compression: zstd, file: trace.bin.zst}}
 * bursts:  {handler: first-last}                       # then: defaults to buffered (zstd, bursts.bin.zst)
 * rate:    {handler: periodic-counter, period: 100ms, threads: multi}
 * debug:   "null"                                      # a bare name: the handler with its defaults
 * "*":     {handler: buffered, compression: lz4}       # channels the map does not name
 * </pre>
 * Handlers: {@code identity}, {@code buffered} (compression {@code zstd} (default, {@code level} 1)
 * | {@code lz4} | {@code none}; {@code file}, default {@code <channel>.bin[.zst|.lz4]} relative to the
 * registry's directory; {@code block_records} 8192; {@code max_blocks} 64), {@code downsample} ({@code n},
 * {@code by: count | id}), {@code xoy} ({@code x}, {@code y}), {@code first-last},
 * {@code periodic-counter} ({@code period} 100ms, {@code threads: single | multi}), {@code null}.
 * Filters pass what they keep to {@code then} (default: {@code buffered}). A channel the map does not
 * name gets the {@code "*"} entry, or else {@code buffered}.
 *
 * <p>Lifecycle: {@link #close()} closes every channel (filters pass on what they hold, every thread's
 * buffered records are queued, the writer drains every queue, writes each file's end and closes it)
 * and stops the registry's two background threads (the block writer and the counters' timer). A JVM
 * shutdown hook, registered once per JVM, closes every registry still open, so SIGTERM and a normal
 * exit lose no record logged before the shutdown began.
 */
public final class Channels implements AutoCloseable {
    static final long CLOSE_TIMEOUT_MILLIS = 60_000;
    /** The key of the default entry, for channels the configuration does not name. */
    public static final String DEFAULT_KEY = "*";

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Pattern FILE_SAFE = Pattern.compile("[A-Za-z0-9._-]+");
    private static final Set<Channels> OPEN = ConcurrentHashMap.newKeySet();
    private static final AtomicBoolean HOOK = new AtomicBoolean();

    private final Path dir;
    private final Map<String, HandlerConfig> specs;
    private final HandlerConfig fallback;
    private final Map<String, Channel> channels = new LinkedHashMap<>(); // guarded by this
    private final Map<Path, String> files = new LinkedHashMap<>(); // guarded by this
    private final long epoch = System.nanoTime();
    private BlockWriter writer; // guarded by this; started with the first buffered channel
    private ScheduledThreadPoolExecutor ticker; // guarded by this; started with the first counter
    private boolean closed; // guarded by this

    private Channels(Map<String, HandlerConfig> specs, Path dir) {
        this.specs = specs;
        this.dir = dir;
        HandlerConfig def = specs.get(DEFAULT_KEY);
        this.fallback = def != null ? def : new HandlerConfig.Buffered();
    }

    /**
     * A registry configured by a map of channel name → handler configuration (null: every channel
     * gets the default), writing its files under {@code dir}. Checks the whole configuration first.
     *
     * @throws IllegalArgumentException with one line naming the bad field
     */
    public static Channels create(Map<String, HandlerConfig> config, Path dir) {
        Map<String, HandlerConfig> specs = config == null ? Map.of() : new LinkedHashMap<>(config);
        validate(specs, "channels");
        Channels c = new Channels(specs, dir);
        if (HOOK.compareAndSet(false, true)) {
            Runtime.getRuntime().addShutdownHook(new Thread(Channels::closeAllAtShutdown, "evperf-channels-shutdown"));
        }
        OPEN.add(c);
        return c;
    }

    /** {@link #create(Map, Path)} from a configuration given as JSON (a test's, a benchmark's), bound first. */
    public static Channels create(JsonNode config, Path dir) {
        return create(bind(config, "channels"), dir);
    }

    /**
     * Checks a bound channels configuration without opening anything, for a workload loader to call
     * before any trial runs. {@code where} names the configuration in messages, e.g. "channels":
     * {@code channels.trace.y: 48 is not a power of two ...}.
     *
     * @throws IllegalArgumentException with one line naming the bad field
     */
    public static void validate(Map<String, HandlerConfig> config, String where) {
        if (config == null) return;
        Map<String, String> files = new LinkedHashMap<>();
        config.forEach((name, handler) -> {
            String w = where + "." + name;
            if (name.isBlank()) throw new IllegalArgumentException(where + ": a channel name is empty");
            if (handler == null) throw new IllegalArgumentException(w + ": missing handler configuration");
            handler.check(w);
            if (name.equals(DEFAULT_KEY)) return;
            HandlerConfig h = handler;
            String at = w;
            while (h instanceof HandlerConfig.Filter f) {
                h = f.next();
                at += ".then";
            }
            if (h instanceof HandlerConfig.Buffered b) {
                String file = b.file != null ? b.file : name + b.compression.suffix();
                String other = files.put(file, name);
                if (other != null) {
                    throw new IllegalArgumentException(
                            at + ".file: '" + file + "' is also the file of channel '" + other + "'");
                }
            }
        });
    }

    /** {@link #validate(Map, String)} of a configuration given as JSON, bound first. */
    public static void validate(JsonNode config, String where) {
        validate(bind(config, where), where);
    }

    private static Map<String, HandlerConfig> bind(JsonNode config, String where) {
        if (config == null || config.isNull() || config.isMissingNode()) return null;
        return BindError.bind(config, new TypeReference<LinkedHashMap<String, HandlerConfig>>() {}, where);
    }

    /**
     * Opens the channel of that name with its configured handler chain (allocation happens here,
     * not in {@link Channel#log}). Opening a name again returns the same channel.
     *
     * @throws IllegalStateException if the registry is closed
     * @throws IllegalArgumentException if the channel's file cannot be written, or is another channel's
     */
    public synchronized Channel open(String name) {
        if (closed) {
            throw new IllegalStateException("channels are closed; cannot open '" + name + "'");
        }
        Channel c = channels.get(name);
        if (c != null) {
            return c;
        }
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("channel name is empty");
        }
        HandlerConfig spec = specs.getOrDefault(name, fallback);
        ObjectNode config = spec.toJson();
        List<BufferedHandler> buffered = new ArrayList<>();
        List<PeriodicCounter> counters = new ArrayList<>();
        String where = "channels." + (specs.containsKey(name) ? name : DEFAULT_KEY);
        Handler head = build(spec, name, where, config, buffered, counters);
        for (PeriodicCounter pc : counters) {
            schedule(pc);
        }
        c = new Channel(name, head, config, buffered);
        channels.put(name, c);
        return c;
    }

    /** Every channel opened so far, in opening order. */
    public synchronized List<Channel> channels() {
        return List.copyOf(channels.values());
    }

    /** The directory channel files are written to (relative file names resolve against it). */
    public Path directory() {
        return dir;
    }

    private Handler build(
            HandlerConfig s,
            String channel,
            String where,
            ObjectNode chain,
            List<BufferedHandler> buffered,
            List<PeriodicCounter> counters) {
        if (s instanceof HandlerConfig.Null) return new NullHandler();
        if (s instanceof HandlerConfig.Buffered b) {
            BufferedHandler h = openFile(b, channel, where, chain);
            buffered.add(h);
            return h;
        }
        HandlerConfig.Filter f = (HandlerConfig.Filter) s;
        Handler next = build(f.next(), channel, where + ".then", chain, buffered, counters);
        if (f instanceof HandlerConfig.Downsample d) {
            return new DownsampleHandler(d.n, d.by == HandlerConfig.Downsample.By.ID, next);
        }
        if (f instanceof HandlerConfig.XoY x) return new XoYHandler((int) (long) x.x, (int) (long) x.y, next);
        if (f instanceof HandlerConfig.FirstLast) return new FirstLastHandler(next);
        if (f instanceof HandlerConfig.PeriodicCounter c) {
            PeriodicCounter pc = c.threads == HandlerConfig.PeriodicCounter.Threads.MULTI
                    ? new PeriodicCounter.Multi(next)
                    : new PeriodicCounter.Single(next);
            pc.periodNanos = c.period.nanos();
            counters.add(pc);
            return pc;
        }
        return new IdentityHandler(next);
    }

    private BufferedHandler openFile(HandlerConfig.Buffered s, String channel, String where, ObjectNode chain) {
        String name = s.file;
        if (name == null) {
            if (!FILE_SAFE.matcher(channel).matches()) {
                throw new IllegalArgumentException(where + ".file: channel name '" + channel
                        + "' cannot name a file; give the buffered handler a file");
            }
            name = channel + s.compression.suffix();
        }
        Path path = dir.resolve(name).toAbsolutePath().normalize();
        String other = files.get(path);
        if (other != null) {
            throw new IllegalArgumentException(
                    where + ".file: " + path + " is already the file of channel '" + other + "'");
        }
        try {
            Files.createDirectories(path.getParent());
        } catch (IOException e) {
            throw new IllegalArgumentException(where + ".file: cannot create " + path.getParent() + ": " + e, e);
        }
        ObjectNode header = MAPPER.createObjectNode();
        header.put("format", "evperf-channel");
        header.put("version", ChannelFile.VERSION);
        header.put("channel", channel);
        header.put("compression", s.compression.id());
        header.putArray("record").add("timestamp").add("id").add("value");
        header.put("byteOrder", "little-endian");
        header.put("block_records", s.blockRecords);
        header.set("handler", chain);
        Instant now = Instant.now();
        ObjectNode clock = header.putObject("clock");
        clock.put("nanoTime", System.nanoTime());
        clock.put("epochNanos", now.getEpochSecond() * 1_000_000_000L + now.getNano());
        byte[] bytes = header.toString().getBytes(StandardCharsets.UTF_8);
        if (writer == null) {
            writer = new BlockWriter("evperf-channels-writer");
            writer.start();
        }
        BufferedHandler h = new BufferedHandler(
                channel, path, s.compression, s.effectiveLevel(), s.blockRecords, s.maxBlocks, bytes, writer);
        files.put(path, channel);
        return h;
    }

    private void schedule(PeriodicCounter pc) {
        if (ticker == null) {
            ticker = new ScheduledThreadPoolExecutor(1, r -> {
                Thread t = new Thread(r, "evperf-channels-ticker");
                t.setDaemon(true);
                return t;
            });
            ticker.setRemoveOnCancelPolicy(true);
            ticker.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        }
        long period = pc.periodNanos;
        long sinceEpoch = System.nanoTime() - epoch;
        long delay = period - Math.floorMod(sinceEpoch, period); // ticks at epoch + k·period: lock step
        pc.scheduled(ticker.scheduleAtFixedRate(pc::tick, delay, period, TimeUnit.NANOSECONDS));
    }

    /**
     * Closes every channel and waits until every file is written and closed, then stops the
     * background threads. Idempotent; concurrent callers (e.g. the shutdown hook) wait for the first.
     *
     * @throws UncheckedIOException if a file could not be written completely (the others are)
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            List<Channel> all = new ArrayList<>(channels.values());
            RuntimeException failure = null;
            for (Channel c : all) {
                try {
                    c.beginClose(); // seal everything first, then wait once for the writer
                } catch (RuntimeException e) {
                    failure = e; // the other channels still close
                }
            }
            for (Channel c : all) {
                try {
                    c.awaitClosed(CLOSE_TIMEOUT_MILLIS);
                } catch (UncheckedIOException e) {
                    if (failure == null) {
                        failure = e;
                    } else {
                        failure.addSuppressed(e);
                    }
                }
            }
            if (ticker != null) {
                ticker.shutdownNow();
            }
            if (writer != null) {
                try {
                    writer.stopAndJoin(CLOSE_TIMEOUT_MILLIS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            if (failure != null) {
                throw failure;
            }
        } finally {
            OPEN.remove(this);
        }
    }

    /** Closes every registry still open in this JVM (what the shutdown hook does). */
    public static void closeAll() {
        for (Channels c : OPEN.toArray(new Channels[0])) {
            c.close();
        }
    }

    private static void closeAllAtShutdown() {
        for (Channels c : OPEN.toArray(new Channels[0])) {
            try {
                c.close();
            } catch (RuntimeException e) {
                System.err.println("evperf channels at shutdown: " + e.getMessage());
            }
        }
    }
}
