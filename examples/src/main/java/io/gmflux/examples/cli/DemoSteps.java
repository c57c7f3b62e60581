package io.gmflux.examples.cli;

import io.gmflux.codecs.format.ReadLimits;
import io.gmflux.codecs.format.StreamException;
import io.gmflux.codecs.format.StreamHeader;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;

/** The steps of {@code gmflux demo} (see {@link DemoCommand#steps()}). Stateless. */
final class DemoSteps {

    private DemoSteps() {
    }

    /** SM2, SM2 + ML-KEM-768 and SM9 keys, made with {@code gmflux keygen}. */
    static final class Keys implements DemoStep {
        @Override
        public String title() {
            return "keys: gmflux keygen sm2 | hybrid | sm9-master + sm9-user";
        }

        @Override
        public void run(DemoContext ctx) {
            ctx.gmflux("keygen", "sm2", "--out", ctx.dir.resolve("alice").toString());
            ctx.keys.add(new DemoContext.KeyFiles("SM2 (alice)", ctx.dir.resolve("alice.pub"), ctx.dir.resolve("alice.key")));
            ctx.gmflux("keygen", "hybrid", "--out", ctx.dir.resolve("carol").toString());
            ctx.keys.add(new DemoContext.KeyFiles("SM2 + ML-KEM-768 (carol)", ctx.dir.resolve("carol.pub"),
                    ctx.dir.resolve("carol.key")));
            ctx.gmflux("keygen", "sm9-master", "--out", ctx.dir.resolve("kgc").toString());
            ctx.gmflux("keygen", "sm9-user", "--master", ctx.dir.resolve("kgc.key").toString(), "--id",
                    "bob@example.com", "--out", ctx.dir.resolve("bob").toString());
            ctx.keys.add(new DemoContext.KeyFiles("SM9 (bob@example.com)", ctx.dir.resolve("bob.pub"),
                    ctx.dir.resolve("bob.key")));
            for (DemoContext.KeyFiles k : ctx.keys) {
                ctx.out.println("  " + k.name() + ": " + ctx.dir.relativize(k.recipient()) + ", "
                        + ctx.dir.relativize(k.privateKey()));
            }
        }
    }

    /** A sample file of pseudo-random bytes. */
    static final class Sample implements DemoStep {
        @Override
        public String title() {
            return "sample: " + "a generated file to encrypt";
        }

        @Override
        public void run(DemoContext ctx) throws Exception {
            Path sample = ctx.dir.resolve("sample.bin");
            byte[] block = new byte[1 << 20];
            SplittableRandom rnd = new SplittableRandom();
            try (OutputStream o = Files.newOutputStream(sample)) {
                for (long done = 0; done < ctx.sampleBytes; done += block.length) {
                    rnd.nextBytes(block);
                    o.write(block, 0, (int) Math.min(block.length, ctx.sampleBytes - done));
                }
            }
            ctx.files.put("sample", sample);
            ctx.out.printf("  %s: %d MiB%n", ctx.dir.relativize(sample), ctx.sampleBytes >> 20);
        }
    }

    /** One stream to every recipient, with {@code gmflux encrypt}. */
    static final class Encrypt implements DemoStep {
        @Override
        public String title() {
            return "encrypt: one stream to all three recipients (SM4-GCM, 64 KiB chunks, all cores)";
        }

        @Override
        public void run(DemoContext ctx) throws Exception {
            Path sealed = ctx.dir.resolve("sample.gmf");
            List<String> args = new ArrayList<>(List.of("encrypt"));
            for (DemoContext.KeyFiles k : ctx.keys) {
                args.add("-r");
                args.add(k.recipient().toString());
            }
            args.addAll(List.of("-i", ctx.files.get("sample").toString(), "-o", sealed.toString()));
            ctx.timed("encrypt to " + ctx.keys.size() + " recipients", ctx.sampleBytes,
                    () -> ctx.gmflux(args.toArray(new String[0])));
            ctx.files.put("sealed", sealed);
            try (InputStream in = Files.newInputStream(sealed)) {
                StreamHeader h = StreamHeader.readFrom(in);
                ctx.out.printf("  %s: %d bytes, header %d bytes, stanzas %s%n", ctx.dir.relativize(sealed),
                        Files.size(sealed), h.length(), h.stanzas().stream()
                                .map(s -> io.gmflux.codecs.format.RecipientStanza.typeName(s.type())).toList());
            }
        }
    }

    /** Each recipient decrypts with its own key, with {@code gmflux decrypt}; the plaintext is checked. */
    static final class Decrypt implements DemoStep {
        @Override
        public String title() {
            return "decrypt: each recipient with its own key";
        }

        @Override
        public void run(DemoContext ctx) throws Exception {
            for (DemoContext.KeyFiles k : ctx.keys) {
                Path back = ctx.dir.resolve("back.bin");
                ctx.timed("decrypt as " + k.name(), ctx.sampleBytes, () -> ctx.gmflux("decrypt", "-k",
                        k.privateKey().toString(), "-i", ctx.files.get("sealed").toString(), "-o", back.toString()));
                if (Files.mismatch(back, ctx.files.get("sample")) != -1) {
                    throw new IllegalStateException("decrypted bytes differ from the sample for " + k.name());
                }
                Files.delete(back);
            }
            ctx.out.println("  every decryption is byte for byte the sample");
        }
    }

    /** A flipped byte in the middle of the stream: decryption fails with its exception and leaves no file. */
    static final class Tamper implements DemoStep {
        @Override
        public String title() {
            return "tamper: one bit flipped in the middle of the stream";
        }

        @Override
        public void run(DemoContext ctx) throws Exception {
            Path sealed = ctx.files.get("sealed");
            Path bad = ctx.dir.resolve("tampered.gmf");
            Files.copy(sealed, bad);
            long at = Files.size(bad) / 2;
            try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(bad,
                    java.nio.file.StandardOpenOption.READ, java.nio.file.StandardOpenOption.WRITE)) {
                java.nio.ByteBuffer one = java.nio.ByteBuffer.allocate(1);
                ch.read(one, at);
                one.put(0, (byte) (one.get(0) ^ 0x01)).rewind();
                ch.write(one, at);
            }
            Path out = ctx.dir.resolve("tampered.out");
            DemoContext.KeyFiles k = ctx.keys.get(0);
            StreamException caught = null;
            try (InputStream in = Files.newInputStream(bad)) {
                CliStreams.decrypt(in, OutputStream.nullOutputStream(), List.of(PrivateKeyFiles.identity(k.privateKey(), PassphraseInput.NONE)),
                        ReadLimits.FORMAT_MAXIMUM);
            } catch (StreamException e) {
                caught = e;
            }
            if (caught == null) {
                throw new IllegalStateException("a tampered stream decrypted without an error");
            }
            ctx.out.printf("  byte %d flipped: %s: %s%n", at, caught.getClass().getName().replace('$', '.'),
                    caught.getMessage());
            java.io.StringWriter reason = new java.io.StringWriter();
            int status = ctx.gmfluxStatus(reason, "decrypt", "-k", k.privateKey().toString(), "-i", bad.toString(),
                    "-o", out.toString());
            if (status != ExitCodes.AUTHENTICATION) {
                throw new IllegalStateException("gmflux decrypt of a tampered stream: exit status " + status + " " + reason);
            }
            if (Files.exists(out) || leftovers(ctx.dir)) {
                throw new IllegalStateException("a refused decryption left a file behind");
            }
            ctx.out.println("  gmflux decrypt -o tampered.out: exit status " + status
                    + " (authentication failed), no tampered.out and no temporary file left");
        }

        private static boolean leftovers(Path dir) throws Exception {
            try (Stream<Path> s = Files.list(dir)) {
                return s.anyMatch(p -> p.getFileName().toString().endsWith(".part"));
            }
        }
    }

    /**
     * An encrypted Kafka topic on an embedded broker (KRaft, in this JVM; no network): the same tour
     * as {@code gmflux kafka demo}, with its defaults.
     */
    static final class Kafka implements DemoStep {
        private final int records;

        Kafka(int records) {
            this.records = records;
        }

        @Override
        public String title() {
            return "kafka: " + records + " records through GmfluxSerializer / GmfluxDeserializer on an embedded broker";
        }

        @Override
        public void run(DemoContext ctx) {
            io.gmflux.examples.kafka.KafkaDemoCommand.demo(ctx.out, null, records, 1024,
                    io.gmflux.codecs.format.Suite.SM4_GCM);
        }
    }
}
