package io.gmflux.bench.rounds;

import io.gmflux.bench.peers.JcaSm2;
import io.gmflux.bench.peers.Call;
import io.gmflux.bench.peers.KonaOps;
import io.gmflux.bench.sm2.Sm2Bench;
import io.gmflux.bench.sm3.Sm3Bench;
import io.gmflux.bench.sm4.AeadBench;
import io.gmflux.bench.sm4.JcaConstantTimeSm4;
import io.gmflux.bench.sm4.Sm4ModesBench;
import io.gmflux.bench.sm9.Sm9Bench;
import io.gmflux.bench.zuc.ZucBench;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * The rows of {@link PerformanceReport}: each operation with gmflux and every configuration of every
 * peer worth trying. The objects behind a row (keys, initialised ciphers) are built on first use,
 * so a child JVM measuring one candidate cold builds only what that candidate needs.
 *
 * <p>Not thread-safe.
 */
final class Catalog {

    static final String GMFLUX = "gmflux";
    static final String BC = "BouncyCastle";
    static final String KONA = "Kona";
    static final String JDK = "JDK AES-GCM";

    /** The peers, in the order of the table's columns. */
    static final List<String> PEERS = List.of(BC, KONA, JDK);

    /**
     * One implementation of a row's operation.
     *
     * @param key unique over the catalog: {@code row/peer/variant}
     * @param peer {@link #GMFLUX} or one of {@link #PEERS}
     * @param variant the configuration, e.g. {@code lightweight}, {@code JCA}, {@code KonaCrypto-Native}
     * @param fallback only tried when no other candidate of the same peer builds (Kona's Java provider)
     */
    record Candidate(String key, String peer, String variant, boolean fallback, Callable<Call> factory) {
    }

    /**
     * One operation.
     *
     * @param id short name, e.g. {@code sm2.sign}
     * @param title as the table shows it
     * @param bytes bytes processed per call (throughput in MB/s), or 0 for per-operation rows (us/op)
     * @param candidates gmflux first
     */
    record Row(String id, String title, int bytes, List<Candidate> candidates) {
    }

    private final Map<Class<?>, Object> states = new HashMap<>();
    private final Map<String, KonaOps> kona = new HashMap<>();
    private final Map<String, Candidate> gmfluxByRow = new HashMap<>();
    private JcaSm2 bcJca;
    private JcaSm2 gmfluxJca;
    private final List<Row> rows = new ArrayList<>();

    Catalog() {
        sm2();
        sm9();
        sm3();
        sm4();
        constantTimeSm4();
        zuc();
    }

    /**
     * Rows measured on JDK 17: every row but the constant-time ones (their engine there is the bitsliced
     * one, measured in {@code bench/results/engine-choice.md}), as before JDK 25 columns existed.
     */
    static boolean onJdk17(Row r) {
        return !r.id().startsWith(CONSTANT_TIME_PREFIX);
    }

    /**
     * Rows measured again on JDK 25 with the Vector API: the rows the vector SM4 engine and GHASH
     * change (SM4 on the table engine, and through the JCA on the constant-time engine) and SM2's four
     * operations with a speed bar. SM3, SM9, ZUC and SM2's key pair and exchange are left out to keep
     * the run near 25 minutes (nothing in them uses the Vector API).
     */
    static boolean onJdk25(Row r) {
        return r.id().startsWith("sm4.") || r.id().startsWith(CONSTANT_TIME_PREFIX)
                || r.id().matches("sm2\\.(sign|verify|encrypt|decrypt)");
    }

    static final String CONSTANT_TIME_PREFIX = "ct.";

    List<Row> rows() {
        return rows;
    }

    Optional<Candidate> candidate(String key) {
        return rows.stream().flatMap(r -> r.candidates().stream()).filter(c -> c.key().equals(key)).findFirst();
    }

    // ---- the rows ----

    private void sm2() {
        String[] ops = {"sign", "verify", "encrypt", "decrypt", "keygen", "exchange"};
        String[] titles = {"SM2 sign", "SM2 verify", "SM2 encrypt 64 B", "SM2 decrypt 64 B", "SM2 key pair", "SM2 key exchange (both sides)"};
        for (int i = 0; i < ops.length; i++) {
            String op = ops[i];
            Row row = row("sm2." + op, titles[i], 0);
            if (op.equals("exchange")) { // no JCA key agreement for SM2 in either provider
                gmflux(row, () -> sm2Bench(op, "gmflux"));
                candidate(row, BC, "lightweight", false, () -> sm2Bench(op, "bc"));
            } else { // gmflux as a JCA user runs it; BouncyCastle at its best of two
                gmflux(row, () -> jca(op, gmfluxJca()));
                candidate(row, BC, "lightweight", false, () -> sm2Bench(op, "bc"));
                candidate(row, BC, "JCA", false, () -> jca(op, bcJca()));
            }
            kona(row, k -> switch (op) {
                case "sign" -> k.sm2Sign();
                case "verify" -> k.sm2Verify();
                case "encrypt" -> k.sm2Encrypt();
                case "decrypt" -> k.sm2Decrypt();
                case "keygen" -> k.sm2Keygen();
                default -> k.sm2Exchange();
            });
        }
        Row generic = row("sm2.sign.gmcurve", "SM2 sign, BouncyCastle on GMNamedCurves' generic curve", 0);
        generic.candidates().add(gmfluxByRow.get("sm2.sign"));
        candidate(generic, BC, "GMNamedCurves", false, () -> sm2Bench("signGmCurve", "bc"));
    }

    private void sm9() {
        String[][] ops = {{"sign", "SM9 sign"}, {"verify", "SM9 verify"}, {"encrypt", "SM9 encrypt 32 B"},
                {"decrypt", "SM9 decrypt 32 B"}, {"pairing", "SM9 pairing"}};
        for (String[] op : ops) {
            String m = "sm9" + capital(op[0]);
            Row row = row("sm9." + op[0], op[1], 0);
            gmflux(row, () -> method(Sm9Bench.class, m + "_gmflux"));
            candidate(row, BC, "lightweight", false, () -> method(Sm9Bench.class, m + "_bc"));
        }
    }

    private void sm3() {
        for (int size : new int[] {1024, 64 * 1024}) {
            String s = size == 1024 ? "1k" : "64k";
            Row sm3 = row("sm3." + s, "SM3 " + sizeLabel(size), size);
            gmflux(sm3, () -> method(Sm3Bench.class, "sm3_" + s + "_gmflux"));
            candidate(sm3, BC, "lightweight", false, () -> method(Sm3Bench.class, "sm3_" + s + "_bc"));
            kona(sm3, k -> k.sm3(size));
            Row hmac = row("hmac.sm3." + s, "HMAC-SM3 " + sizeLabel(size), size);
            gmflux(hmac, () -> method(Sm3Bench.class, "hmacSm3_" + s + "_gmflux"));
            candidate(hmac, BC, "lightweight", false, () -> method(Sm3Bench.class, "hmacSm3_" + s + "_bc"));
            kona(hmac, k -> k.hmacSm3(size));
        }
    }

    private void sm4() {
        String[][] modes = {{"Ecb", "ECB", "SM4-ECB"}, {"CbcDec", "CBC", "SM4-CBC decrypt"}, {"Ctr", "CTR", "SM4-CTR"}};
        for (String[] mode : modes) {
            for (int size : new int[] {1024, 64 * 1024}) {
                String s = size == 1024 ? "1k" : "64k";
                Row row = row("sm4." + mode[1].toLowerCase(java.util.Locale.ROOT) + "." + s, mode[2] + " " + sizeLabel(size), size);
                String m = "sm4" + mode[0] + s;
                gmflux(row, () -> method(Sm4ModesBench.class, m + "_gmflux"));
                candidate(row, BC, "lightweight", false, () -> method(Sm4ModesBench.class, m + "_bc"));
                kona(row, k -> k.sm4(mode[1], size));
            }
        }
        for (int size : new int[] {1024, 64 * 1024}) {
            String s = size == 1024 ? "1k" : "64k";
            Row row = row("sm4.gcm." + s, "SM4-GCM seal " + sizeLabel(size), size);
            gmflux(row, () -> method(AeadBench.class, "sm4Gcm" + s + "_gmflux"));
            candidate(row, BC, "Tables64k", false, () -> method(AeadBench.class, "sm4Gcm" + s + "_bc"));
            kona(row, k -> k.sm4Gcm(size));
            candidate(row, JDK, "intrinsics", false, () -> method(AeadBench.class, "aesGcm" + s + "_jdk"));
        }
    }

    /**
     * SM4 through gmflux's JCA provider on the constant-time engine (GCM constant-time end to end),
     * beside the same peer candidates as the table-engine row of the same operation (warmed once).
     */
    private void constantTimeSm4() {
        String[][] ops = {{"sm4.ecb.1k", "sm4Ecb1k"}, {"sm4.ctr.1k", "sm4Ctr1k"}, {"sm4.ctr.64k", "sm4Ctr64k"},
                {"sm4.gcm.1k", "sm4Gcm1k"}, {"sm4.gcm.64k", "sm4Gcm64k"}};
        for (String[] op : ops) {
            Row base = rows.stream().filter(r -> r.id().equals(op[0])).findFirst().orElseThrow();
            Row row = row(CONSTANT_TIME_PREFIX + op[0], base.title() + ", constant-time (JCA)", base.bytes());
            Candidate c = new Candidate(row.id() + "/" + GMFLUX, GMFLUX, "JCA, constant-time", false,
                    () -> method(JcaConstantTimeSm4.class, op[1]));
            row.candidates().add(c);
            gmfluxByRow.put(row.id(), c);
            base.candidates().stream().filter(p -> !p.peer().equals(GMFLUX)).forEach(row.candidates()::add);
        }
    }

    private void zuc() {
        for (String op : new String[] {"Eea3", "Eia3"}) {
            for (int size : new int[] {1024, 64 * 1024}) {
                String s = size == 1024 ? "1k" : "64k";
                Row row = row("zuc." + op.toLowerCase(java.util.Locale.ROOT) + "." + s,
                        "ZUC-128 " + op.toUpperCase(java.util.Locale.ROOT) + " " + sizeLabel(size), size);
                gmflux(row, () -> method(ZucBench.class, "zuc" + op + "_" + s + "_gmflux"));
                candidate(row, BC, "lightweight", false, () -> method(ZucBench.class, "zuc" + op + "_" + s + "_bc"));
            }
        }
    }

    // ---- building blocks ----

    private Row row(String id, String title, int bytes) {
        Row r = new Row(id, title, bytes, new ArrayList<>());
        rows.add(r);
        return r;
    }

    private void gmflux(Row row, Callable<Call> factory) {
        Candidate c = new Candidate(row.id() + "/" + GMFLUX, GMFLUX, "", false, factory);
        row.candidates().add(c);
        gmfluxByRow.put(row.id(), c);
    }

    private static void candidate(Row row, String peer, String variant, boolean fallback, Callable<Call> factory) {
        row.candidates().add(new Candidate(row.id() + "/" + peer + "/" + variant, peer, variant, fallback, factory));
    }

    private interface KonaFactory {
        Call build(KonaOps k) throws Exception;
    }

    /** Kona's native providers, and its Java provider as the fallback. */
    private void kona(Row row, KonaFactory f) {
        for (int i = 0; i < KonaOps.PROVIDERS.size(); i++) {
            String cls = KonaOps.PROVIDERS.get(i);
            String variant = cls.endsWith("NativeOneShotProvider") ? "native one-shot" : cls.endsWith("NativeProvider") ? "native" : "Java";
            candidate(row, KONA, variant, i == KonaOps.PROVIDERS.size() - 1, () -> f.build(konaOps(cls)));
        }
    }

    private KonaOps konaOps(String cls) throws ReflectiveOperationException {
        KonaOps k = kona.get(cls);
        if (k == null) {
            k = new KonaOps(cls);
            kona.put(cls, k);
        }
        return k;
    }

    private Call sm2Bench(String op, String impl) throws Exception {
        return method(Sm2Bench.class, "sm2" + capital(op) + "_" + impl);
    }

    private JcaSm2 bcJca() {
        if (bcJca == null) {
            bcJca = JcaSm2.bouncyCastle();
        }
        return bcJca;
    }

    private JcaSm2 gmfluxJca() {
        if (gmfluxJca == null) {
            gmfluxJca = JcaSm2.gmflux();
        }
        return gmfluxJca;
    }

    private static Call jca(String op, JcaSm2 bc) throws Exception {
        return switch (op) {
            case "sign" -> bc.sign();
            case "verify" -> bc.verify();
            case "encrypt" -> bc.encrypt();
            case "decrypt" -> bc.decrypt();
            default -> bc.keygen();
        };
    }

    /** A no-argument benchmark method of a JMH state class, on one shared, prepared instance. */
    private Call method(Class<?> cls, String name) throws Exception {
        Object state = state(cls);
        java.lang.invoke.MethodHandle h = java.lang.invoke.MethodHandles.publicLookup()
                .findVirtual(cls, name, java.lang.invoke.MethodType.methodType(cls.getMethod(name).getReturnType()))
                .bindTo(state)
                .asType(java.lang.invoke.MethodType.methodType(Object.class));
        return () -> {
            try {
                return h.invokeExact();
            } catch (Exception | Error e) {
                throw e;
            } catch (Throwable t) {
                throw new IllegalStateException(t);
            }
        };
    }

    /** The shared instance of a state class, built and prepared (without any warm-up of its own) on first use. */
    private <T> T state(Class<T> cls) throws Exception {
        Object s = states.get(cls);
        if (s == null) {
            s = cls.getDeclaredConstructor().newInstance();
            for (String prepare : new String[] {"prepare", "setup"}) {
                try {
                    cls.getMethod(prepare).invoke(s);
                    break;
                } catch (NoSuchMethodException e) {
                    continue;
                } catch (java.lang.reflect.InvocationTargetException e) {
                    throw e.getCause() instanceof Exception ex ? ex : e;
                }
            }
            states.put(cls, s);
        }
        return cls.cast(s);
    }

    private static String capital(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    static String sizeLabel(int bytes) {
        return bytes % 1024 == 0 ? bytes / 1024 + " KiB" : bytes + " B";
    }
}
