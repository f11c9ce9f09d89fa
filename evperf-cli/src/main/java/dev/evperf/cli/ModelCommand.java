package dev.evperf.cli;

import dev.evperf.analysis.model.Context;
import dev.evperf.analysis.model.ModelBuilder;
import dev.evperf.analysis.model.ModelCheck;
import dev.evperf.analysis.model.ModelRun;
import dev.evperf.analysis.model.ModelSummary;
import dev.evperf.analysis.model.ServiceModel;
import dev.evperf.analysis.stats.JsonSupport;
import dev.evperf.analysis.summary.RunSummary.Format;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code evperf model RUN_DIR [--trial ID] [--out model.json] [--check TRIAL]}: the service
 * execution model of a traced trial (signatures, per-segment duration distributions, context:
 * idle time before the burst and position in it), written as JSON, and how well it predicts a
 * held-out trial's burst times.
 */
@Command(
        name = "model",
        mixinStandardHelpOptions = true,
        description =
                "Builds the service execution model of a traced trial (measure: {tracepoints: true}) and checks it on a held-out trial.")
public final class ModelCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Parameters(index = "0", paramLabel = "RUN_DIR", description = "A results directory written by 'evperf run'.")
    Path runDir;

    @Option(
            names = "--trial",
            paramLabel = "ID",
            description = "The trial to model (default: the first successful traced trial other than --check's).")
    String trial;

    @Option(names = "--out", paramLabel = "FILE", description = "Where to write the model as JSON.")
    Path out;

    @Option(
            names = "--check",
            paramLabel = "TRIAL",
            description =
                    "A held-out trial (id in RUN_DIR, or a trial directory) whose burst times the model predicts.")
    String check;

    @Option(
            names = "--model",
            paramLabel = "FILE",
            description = "Check a model read from this file instead of building one.")
    Path modelFile;

    @Mixin
    FormatOption format;

    @Mixin
    WarmUpOption warmUp;

    @Mixin
    Verbosity verbosity;

    @Override
    public Integer call() {
        print(
                runDir,
                trial,
                out,
                check,
                modelFile,
                format.name,
                warmUp.keepWarmUp,
                main == null ? System.out : main.out,
                main == null ? System.err : main.err);
        return 0;
    }

    /** Text output: the entry point for tests. {@code trial}, {@code out} and {@code check} may be null. */
    public static int run(Path runDir, String trial, Path out, String check, PrintStream stdout, PrintStream err) {
        return run(runDir, trial, out, check, null, "text", false, stdout, err);
    }

    /** @return 0, or {@link Main#BAD_INPUT} after one line on {@code err} for bad input */
    public static int run(
            Path runDir,
            String trial,
            Path out,
            String check,
            Path modelFile,
            String format,
            boolean keepWarmUp,
            PrintStream stdout,
            PrintStream err) {
        try {
            print(runDir, trial, out, check, modelFile, format, keepWarmUp, stdout, err);
            return 0;
        } catch (IllegalArgumentException e) {
            err.println("evperf: " + e.getMessage());
            return Main.BAD_INPUT;
        }
    }

    private static void print(
            Path runDir,
            String trial,
            Path out,
            String check,
            Path modelFile,
            String format,
            boolean keepWarmUp,
            PrintStream stdout,
            PrintStream err) {
        boolean json = FormatOption.parse(format, Format.TEXT, Format.JSON) == Format.JSON;
        if (modelFile != null && trial != null)
            throw new IllegalArgumentException("--model and --trial exclude each other: a model file is already built");
        if (modelFile != null && check == null)
            throw new IllegalArgumentException("--model needs --check TRIAL: what to predict with it");

        ModelRun.TrialRef held = check == null ? null : ModelRun.trial(runDir, check);
        ServiceModel model;
        if (modelFile != null) {
            model = ServiceModel.read(modelFile);
        } else {
            ModelRun.TrialRef from = trial != null
                    ? ModelRun.trial(runDir, trial)
                    : ModelRun.firstTraced(runDir, held == null ? null : held.id());
            if (held != null
                    && held.dir()
                            .toAbsolutePath()
                            .normalize()
                            .equals(from.dir().toAbsolutePath().normalize())) {
                err.println("evperf: warning: checking the model on the trial it was built from (" + from.id()
                        + "): not a held-out check");
            }
            model = ModelBuilder.build(
                    from.dir(), runDir.toString(), from.id(), new ModelBuilder.Options(keepWarmUp, Context.standard()));
            if (out != null) {
                model.write(out);
                err.println("evperf: model written to " + out);
            }
        }
        ModelCheck result = held == null ? null : ModelCheck.check(model, held.dir(), held.id(), keepWarmUp);
        if (json) {
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("model", model);
            doc.put("check", result);
            stdout.print(JsonSupport.write(doc));
        } else {
            if (modelFile == null) stdout.print(ModelSummary.text(model));
            if (result != null) {
                if (modelFile == null) stdout.println();
                stdout.print(ModelSummary.text(result));
            }
        }
        stdout.flush();
    }
}
