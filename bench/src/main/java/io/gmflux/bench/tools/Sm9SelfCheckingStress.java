package io.gmflux.bench.tools;

import io.gmflux.codecs.sm9.Sm9Cipher;
import io.gmflux.codecs.sm9.Sm9CipherMode;
import io.gmflux.codecs.sm9.Sm9EncryptMasterPrivateKey;
import io.gmflux.codecs.sm9.Sm9EncryptPrivateKey;
import io.gmflux.codecs.sm9.Sm9G1Point;
import io.gmflux.codecs.sm9.Sm9G2Point;
import io.gmflux.codecs.sm9.Sm9Pairing;
import io.gmflux.codecs.sm9.Sm9SignMasterPrivateKey;
import io.gmflux.codecs.sm9.Sm9Signer;
import io.gmflux.codecs.sm9.Sm9Verifier;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;

/**
 * A mixed SM9 workload that checks itself, for wrong results that would appear only once the JIT
 * has compiled the arithmetic, run long after warm-up
 * (the tests are shorter): sign + verify (and a flipped message rejected), encrypt + decrypt,
 * and every 16th round e(P1, P2) against its value computed before warm-up, for the given number
 * of seconds. Prints every mismatch and a summary; exits 1 if anything disagreed. Not a benchmark.
 *
 * <pre>java -cp bench/target/benchmarks.jar io.gmflux.bench.tools.Sm9SelfCheckingStress 150</pre>
 */
public final class Sm9SelfCheckingStress {

    private Sm9SelfCheckingStress() {
    }

    public static void main(String[] args) throws Exception {
        long seconds = args.length > 0 ? Long.parseLong(args[0]) : 60;
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        SecureRandom rnd = new SecureRandom();
        byte[] reference = Sm9Pairing.pair(Sm9G1Point.generator(), Sm9G2Point.generator());
        byte[] id = "bob@example.com".getBytes(StandardCharsets.US_ASCII);
        Sm9SignMasterPrivateKey signMaster = Sm9SignMasterPrivateKey.generate(rnd);
        Sm9EncryptMasterPrivateKey encMaster = Sm9EncryptMasterPrivateKey.generate(rnd);
        Sm9Signer signer = new Sm9Signer(signMaster.extractUserKey(id), rnd);
        Sm9Verifier verifier = new Sm9Verifier(signMaster.publicKey(), id);
        Sm9EncryptPrivateKey bob = encMaster.extractUserKey(id);
        Sm9Cipher cipher = new Sm9Cipher(Sm9CipherMode.STREAM, rnd);
        byte[] msg = new byte[32];
        long rounds = 0;
        long failures = 0;
        while (System.nanoTime() < end) {
            rnd.nextBytes(msg);
            byte[] sig = signer.sign(msg);
            if (!verifier.verify(msg, sig)) {
                failures++;
                System.out.println("round " + rounds + ": a valid signature did not verify");
            }
            byte[] flipped = msg.clone();
            flipped[rnd.nextInt(msg.length)] ^= 1;
            if (verifier.verify(flipped, sig)) {
                failures++;
                System.out.println("round " + rounds + ": a signature verified for another message");
            }
            byte[] ct = cipher.encrypt(encMaster.publicKey(), id, msg);
            if (!Arrays.equals(cipher.decrypt(bob, ct), msg)) {
                failures++;
                System.out.println("round " + rounds + ": decryption returned another message");
            }
            if (rounds % 16 == 0
                    && !Arrays.equals(Sm9Pairing.pair(Sm9G1Point.generator(), Sm9G2Point.generator()), reference)) {
                failures++;
                System.out.println("round " + rounds + ": e(P1, P2) changed");
            }
            rounds++;
        }
        System.out.println("rounds " + rounds + ", failures " + failures);
        if (failures != 0) {
            System.exit(1);
        }
    }
}
