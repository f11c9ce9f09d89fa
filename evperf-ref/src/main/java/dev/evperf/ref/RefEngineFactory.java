package dev.evperf.ref;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.evperf.api.Engine;
import dev.evperf.api.EngineException;
import dev.evperf.api.EngineFactory;
import dev.evperf.api.EngineSpec;
import dev.evperf.ref.config.RefOptions;
import dev.evperf.ref.lang.RefQl;
import dev.evperf.ref.op.Plan;
import dev.evperf.ref.spec.NexmarkPlanner;
import dev.evperf.ref.spec.SpecPlanner;
import dev.evperf.suites.nexmark.query.NexmarkQuery;
import dev.evperf.suites.spec.QuerySpec;
import dev.evperf.suites.spec.SpecException;
import dev.evperf.suites.spec.Specs;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * evperf's own engine, {@code ref}: the suites' operators laid out for the machine (seed 001,
 * chapters 5 and 6), the roofline the other engines are compared against. Its queries are either
 * a neutral query spec (YAML or JSON with a {@code test:} key, in the queries text or as the option
 * {@code spec}), run by operators built for that spec, or ref's small CQL ({@code SELECT … FROM …
 * [window] … INTO …}). Everything runs on the sending thread; see {@link RefOptions} for layouts,
 * staging, SlideM and the grace join.
 */
public final class RefEngineFactory implements EngineFactory {
    private static final String VERSION = readVersion();

    @Override
    public String name() {
        return "ref";
    }

    @Override
    public String version() {
        return "evperf-ref " + VERSION;
    }

    @Override
    public Engine open(EngineSpec spec) throws EngineException {
        RefOptions options = RefOptions.of(spec.options());
        Plan plan = new Plan(spec.inputs());
        NexmarkQuery nexmark = nexmark(spec);
        QuerySpec neutral = nexmark == null ? neutralSpec(spec, options) : null;
        if (nexmark != null) {
            NexmarkPlanner.plan(nexmark, plan);
        } else if (neutral != null) {
            SpecPlanner.plan(neutral, plan, options);
        } else {
            RefQl.compile(spec.queries(), plan, options);
        }
        RefEngine engine = new RefEngine(plan);
        for (String output : spec.outputs()) {
            if (!plan.outputs().containsKey(output)) {
                engine.close();
                throw new EngineException("ref: no query writes the output stream '" + output + "'; the queries write "
                        + plan.outputs().keySet());
            }
        }
        return engine;
    }

    private static final Pattern NEXMARK = Pattern.compile("(?m)^(\\{?\\s*\"?query\"?\\s*:|---\\s*!<(q\\d+|cep\\d+)>)");

    /** The Nexmark query when the queries text is one ({@code query: q…}), else null. */
    static NexmarkQuery nexmark(EngineSpec spec) throws EngineException {
        String text = spec.queries();
        // a Nexmark spec's YAML names its query at the top level, or as the document's tag when the suites wrote it
        // (a chapter-4 spec's names its test)
        if (text == null
                || RefQl.looksLikeQueries(text)
                || !NEXMARK.matcher(text).find()) return null;
        try {
            return Specs.read(text, NexmarkQuery.class, "queries");
        } catch (SpecException e) {
            throw new EngineException("ref: " + e.getMessage());
        }
    }

    /** The neutral spec the engine is given, or null when the text is ref's query language. */
    static QuerySpec neutralSpec(EngineSpec spec, RefOptions options) throws EngineException {
        try {
            if (options.spec() != null) {
                if (!spec.queries().isBlank()) {
                    throw new EngineException(
                            "ref: give the query spec either as the option spec or as the queries text, not both");
                }
                return Specs.read(new ObjectMapper().valueToTree(options.spec()), "option spec");
            }
            if (spec.queries().isBlank()) {
                throw new EngineException("ref: no queries; write SELECT … FROM … INTO …, or a query spec (test: …)");
            }
            return RefQl.looksLikeQueries(spec.queries()) ? null : Specs.read(spec.queries(), "queries");
        } catch (SpecException e) {
            throw new EngineException("ref: " + e.getMessage());
        }
    }

    private static String readVersion() {
        try (InputStream in = RefEngineFactory.class.getResourceAsStream("version.properties")) {
            Properties p = new Properties();
            if (in != null) p.load(in);
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
