package io.gmflux.examples.selftest;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The standards' vectors ({@code vectors.json}, embedded in the jar from the repository's one copy in
 * {@code testing/src/main/resources/vectors/}) as selftest records: each group of the collection becomes
 * records of the algorithm its check reads, under the field names that check uses. Derived records
 * (the SM3-KDF steps of the SM9 examples, ZUC keystreams as one string) are computed from the
 * collection's fields here, never stored twice. Stateless.
 */
final class StandardVectors {

    private StandardVectors() {
    }

    /** Every record the selftest checks, in the collection's order. */
    static List<KnownAnswer> from(JsonNode root) {
        List<KnownAnswer> out = new ArrayList<>();
        for (JsonNode v : group(root, "sm3", "hash")) {
            out.add(record("sm3", v, "message", "message", "digest", "digest"));
        }
        for (JsonNode v : group(root, "sm3", "hmac_sm3_rfc4231_inputs")) {
            out.add(record("hmac-sm3", v, "key", "key", "message", "message", "tag", "tag", "result", "result"));
        }
        for (JsonNode v : group(root, "sm3", "hmac_sm3_wycheproof")) {
            out.add(record("hmac-sm3", v, "key", "key", "message", "message", "tag", "tag", "result", "result"));
        }
        out.addAll(kdfSteps(root));
        for (JsonNode v : group(root, "sm4", "block")) {
            out.add(record("sm4", v, "key", "key", "plaintext", "plaintext", "ciphertext", "ciphertext",
                    "iterations", "iterations"));
        }
        for (JsonNode v : group(root, "sm4", "modes")) {
            String mode = v.path("mode").asText();
            String algorithm = "sm4-" + (mode.equals("cfb128") ? "cfb" : mode);
            out.add(v.has("iv")
                    ? record(algorithm, v, "key", "key", "iv", "iv", "plaintext", "plaintext", "ciphertext", "ciphertext")
                    : record(algorithm, v, "key", "key", "plaintext", "plaintext", "ciphertext", "ciphertext"));
        }
        for (JsonNode v : group(root, "sm4", "aead")) {
            out.add(record("sm4-" + v.path("mode").asText(), v, "key", "key", "iv", "iv", "aad", "aad",
                    "plaintext", "plaintext", "ciphertext", "ciphertext", "tag", "tag"));
        }
        for (JsonNode v : group(root, "zuc128", "keystream")) {
            KnownAnswer r = record("zuc128", v, "key", "key", "iv", "iv");
            Map<String, String> f = new LinkedHashMap<>(r.fields());
            f.put("keystream", words(v.path("keystream_words")));
            if (v.has("keystream_word_2000")) {
                f.put("word2000", v.get("keystream_word_2000").asText());
            }
            out.add(new KnownAnswer(r.algorithm(), r.id(), r.source(), f));
        }
        for (JsonNode v : group(root, "zuc128", "eea3")) {
            out.add(record("eea3", v, "key", "key", "count", "count", "bearer", "bearer", "direction", "direction",
                    "bits", "length_bits", "plaintext", "plaintext", "ciphertext", "ciphertext"));
        }
        for (JsonNode v : group(root, "zuc128", "eia3")) {
            out.add(record("eia3", v, "key", "key", "count", "count", "bearer", "bearer", "direction", "direction",
                    "bits", "length_bits", "message", "message", "mac", "mac"));
        }
        for (JsonNode v : group(root, "zuc256", "keystream")) {
            KnownAnswer r = record("zuc256", v, "key", "key", "iv", "iv_25");
            Map<String, String> f = new LinkedHashMap<>(r.fields());
            f.put("keystream", words(v.path("keystream_words")));
            out.add(new KnownAnswer(r.algorithm(), r.id(), r.source(), f));
        }
        for (JsonNode v : group(root, "zuc256", "mac")) {
            out.add(record("zuc256-mac", v, "key", "key", "iv", "iv_25", "bits", "length_bits", "message", "message",
                    "tag32", "tag_32", "tag64", "tag_64", "tag128", "tag_128"));
        }
        for (JsonNode v : group(root, "sm2", "signature")) {
            if (v.path("curve").asText().equals("sm2p256v1")) {
                out.add(record("sm2-sign", v, "privatekey", "private_key", "publicx", "public_key_x",
                        "publicy", "public_key_y", "userid", "user_id", "message", "message", "r", "r", "s", "s"));
            }
        }
        for (JsonNode v : group(root, "sm2", "encryption")) {
            if (v.path("curve").asText().equals("sm2p256v1")) {
                out.add(record("sm2-encrypt", v, "privatekey", "private_key", "publicx", "public_key_x",
                        "publicy", "public_key_y", "message", "message", "c1c3c2", "ciphertext_c1c3c2",
                        "c1c2c3", "ciphertext_c1c2c3", "der", "ciphertext_der_gmt0009"));
            }
        }
        return out;
    }

    /**
     * The SM3-KDF steps of GM/T 0044.5 Annexes C and D: Z = C || w || ID_B (C without the 04 prefix),
     * key = K (KEM) or K1 || K2 (each encryption mode).
     */
    private static List<KnownAnswer> kdfSteps(JsonNode root) {
        List<KnownAnswer> out = new ArrayList<>();
        for (JsonNode v : group(root, "sm9", "kem")) {
            String z = v.path("C").path("x").asText() + v.path("C").path("y").asText() + v.path("w").asText()
                    + v.path("user_id").asText();
            out.add(new KnownAnswer("sm3-kdf", v.path("id").asText(), source(v) + ": K = KDF(C || w || ID_B, klen)",
                    Map.of("z", z, "key", v.path("K").asText())));
        }
        for (JsonNode v : group(root, "sm9", "encryption")) {
            String z = v.path("C1").path("x").asText() + v.path("C1").path("y").asText() + v.path("w").asText()
                    + v.path("user_id").asText();
            for (String mode : List.of("stream_mode", "block_mode_sm4_ecb_pkcs5")) {
                JsonNode m = v.path(mode);
                if (m.isMissingNode()) {
                    throw new IllegalStateException("vector " + v.path("id").asText() + " has no " + mode);
                }
                out.add(new KnownAnswer("sm3-kdf", v.path("id").asText() + "-" + mode,
                        source(v) + ": KDF(C1 || w || ID_B, klen) = K1 || K2, " + mode,
                        Map.of("z", z, "key", m.path("K1").asText() + m.path("K2").asText())));
            }
        }
        return out;
    }

    /** A record of {@code algorithm} from {@code v}: pairs of (selftest field, collection field). */
    private static KnownAnswer record(String algorithm, JsonNode v, String... pairs) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            JsonNode f = v.get(pairs[i + 1]);
            if (f == null || !(f.isTextual() || f.isIntegralNumber())) {
                throw new IllegalStateException("vector " + v.path("id").asText() + " has no field " + pairs[i + 1]);
            }
            String text = f.asText();
            fields.put(pairs[i], text.isEmpty() ? "-" : text);
        }
        return new KnownAnswer(algorithm, v.path("id").asText(), source(v), fields);
    }

    private static String source(JsonNode v) {
        String s = v.path("source").asText();
        if (s.isEmpty()) {
            throw new IllegalStateException("vector " + v.path("id").asText() + " has no source");
        }
        return s;
    }

    private static String words(JsonNode array) {
        StringBuilder sb = new StringBuilder();
        array.forEach(w -> sb.append(w.asText()));
        return sb.toString();
    }

    private static Iterable<JsonNode> group(JsonNode root, String algorithm, String name) {
        JsonNode g = root.path(algorithm).path(name);
        if (!g.isArray() || g.isEmpty()) {
            throw new IllegalStateException("vectors.json has no group " + algorithm + "." + name);
        }
        return g;
    }
}
