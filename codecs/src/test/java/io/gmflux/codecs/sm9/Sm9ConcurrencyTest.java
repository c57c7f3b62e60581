package io.gmflux.codecs.sm9;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** Keys, their lazily built tables and verifiers are shared by threads; signers and ciphers are per thread. */
class Sm9ConcurrencyTest {

    @Test
    void sharedKeysAndVerifiersWorkFromManyThreadsAtOnce() throws Exception {
        // fresh master keys, so that the g tables and user-key lines are built by the racing threads
        Sm9SignMasterPrivateKey signMaster = Sm9SignMasterPrivateKey.generate(BouncyCastleSm9.seeded(81));
        Sm9EncryptMasterPrivateKey encMaster = Sm9EncryptMasterPrivateKey.generate(BouncyCastleSm9.seeded(82));
        byte[] id = "shared@example.com".getBytes(StandardCharsets.UTF_8);
        Sm9SignPrivateKey signKey = signMaster.extractUserKey(id);
        Sm9EncryptPrivateKey encKey = encMaster.extractUserKey(id);
        Sm9Verifier verifier = new Sm9Verifier(signMaster.publicKey(), id);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Boolean>> results = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int seed = t;
                results.add(pool.submit(() -> {
                    Sm9Signer signer = new Sm9Signer(signKey, BouncyCastleSm9.seeded(100 + seed));
                    Sm9Cipher cipher = new Sm9Cipher(Sm9CipherMode.STREAM, BouncyCastleSm9.seeded(200 + seed));
                    boolean ok = true;
                    for (int i = 0; i < 3; i++) {
                        byte[] msg = ("thread " + seed + " message " + i).getBytes(StandardCharsets.UTF_8);
                        ok &= verifier.verify(msg, signer.sign(msg));
                        ok &= java.util.Arrays.equals(cipher.decrypt(encKey, cipher.encrypt(encMaster.publicKey(), id, msg)), msg);
                    }
                    return ok;
                }));
            }
            for (Future<Boolean> f : results) {
                assertThat(f.get()).isTrue();
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
