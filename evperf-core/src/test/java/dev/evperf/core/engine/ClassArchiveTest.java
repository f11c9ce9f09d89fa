package dev.evperf.core.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A class archive made by a JVM of a small class path, mapped by the next; a stale or truncated archive is found
 * before any JVM maps it (a truncated one would crash it), deleted, and never handed to a JVM.
 */
class ClassArchiveTest {
    @TempDir
    Path tmp;

    private String before;

    @BeforeEach
    void cacheInTmp() {
        before = System.getProperty("evperf.cds.dir");
        System.setProperty("evperf.cds.dir", tmp.resolve("cds").toString());
    }

    @AfterEach
    void restore() {
        if (before == null) System.clearProperty("evperf.cds.dir");
        else System.setProperty("evperf.cds.dir", before);
    }

    @Test
    void aJvmWritesTheArchiveTheNextMapsAndADamagedOneIsDeletedNotUsed() throws Exception {
        Path jar = helloJar("Hello", "hello");
        String cp = jar.toString();
        ClassArchive a = ClassArchive.of(cp);
        assertThat(a).isNotNull();
        assertThat(a.file().getParent()).isEqualTo(tmp.resolve("cds"));
        assertThat(a.usable()).as("no archive yet").isFalse();

        Path target = a.dumpTarget();
        assertThat(java(ClassArchive.dumpOptions(target), cp)).isZero();
        assertThat(a.adopt(target)).isTrue();
        assertThat(target).doesNotExist();
        assertThat(a.usable()).isTrue();
        assertThat(ClassArchive.of(cp).file()).as("one archive per class path").isEqualTo(a.file());
        // mapped: the JVM says so when asked (-Xshare:on would refuse to start otherwise)
        List<String> on = new ArrayList<>(a.useOptions());
        on.add("-Xshare:on");
        assertThat(java(on, cp)).isZero();

        // truncated: a JVM mapping it would die of SIGBUS; the check finds it first and deletes it
        byte[] whole = Files.readAllBytes(a.file());
        Files.write(a.file(), java.util.Arrays.copyOf(whole, whole.length / 3));
        assertThat(a.usable()).isFalse();
        assertThat(a.file()).doesNotExist();

        // stale: the jar rebuilt after the archive was written
        Path again = a.dumpTarget();
        assertThat(java(ClassArchive.dumpOptions(again), cp)).isZero();
        assertThat(a.adopt(again)).isTrue();
        helloJar("Hello", "hello again"); // another size: the JDK compares each jar's size and time
        assertThat(a.usable()).isFalse();
        assertThat(a.file()).doesNotExist();
        // and a JVM without the archive still runs
        assertThat(java(List.of(), cp)).isZero();
    }

    @Test
    void noArchiveWhenAClassDirectoryWithFilesComesBeforeAJarOrWhenTurnedOff() throws Exception {
        Path jar = helloJar("Hello", "hello");
        Path dir = Files.createDirectories(tmp.resolve("classes"));
        assertThat(ClassArchive.of(dir + File.pathSeparator + jar))
                .as("empty directory")
                .isNotNull();
        Files.writeString(dir.resolve("x.txt"), "x");
        assertThat(ClassArchive.of(dir + File.pathSeparator + jar)).isNull();
        assertThat(ClassArchive.of(jar + File.pathSeparator + dir)).isNotNull();
        System.setProperty("evperf.cds.dir", "off");
        assertThat(ClassArchive.of(jar.toString())).isNull();
    }

    private Path helloJar(String name, String says) throws Exception {
        Path src = Files.createDirectories(tmp.resolve("src"));
        Path classes = Files.createDirectories(tmp.resolve("bin"));
        Files.writeString(
                src.resolve(name + ".java"),
                "public class " + name + " { public static void main(String[] a) { System.out.println(\"" + says
                        + "\"); } }",
                StandardCharsets.UTF_8);
        assertThat(ToolProvider.getSystemJavaCompiler()
                        .run(
                                null,
                                null,
                                null,
                                "-d",
                                classes.toString(),
                                src.resolve(name + ".java").toString()))
                .isZero();
        Path jar = tmp.resolve("hello.jar");
        try (OutputStream out = Files.newOutputStream(jar);
                JarOutputStream j = new JarOutputStream(out)) {
            j.putNextEntry(new JarEntry(name + ".class"));
            Files.copy(classes.resolve(name + ".class"), j);
            j.closeEntry();
        }
        return jar;
    }

    private int java(List<String> options, String cp) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(options);
        cmd.addAll(List.of("-cp", cp, "Hello"));
        Process p = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(tmp.resolve("java.out").toFile())
                .start();
        assertThat(p.waitFor(2, TimeUnit.MINUTES)).isTrue();
        return p.exitValue();
    }
}
