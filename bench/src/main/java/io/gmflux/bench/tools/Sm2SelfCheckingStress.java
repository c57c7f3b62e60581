package io.gmflux.bench.tools;

import io.gmflux.codecs.sm2.Sm2Cipher;
import io.gmflux.codecs.sm2.Sm2KeyExchange;
import io.gmflux.codecs.sm2.Sm2KeyPair;
import io.gmflux.codecs.sm2.Sm2Signer;
import io.gmflux.codecs.sm2.Sm2Verifier;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;

/**
 * A mixed SM2 workload that checks itself, for hunting wrong results that appear only after the
 * JIT has compiled the code (README "Known issues"): fresh keys, then sign + verify, encrypt +
 * decrypt and a key exchange between them, round after round, for the given number of seconds.
 * Prints every mismatch and a summary; exits 1 if anything disagreed. Not a benchmark.
 *
 * <pre>java [-XX:-SplitIfBlocks] -cp bench/target/benchmarks.jar io.gmflux.bench.tools.Sm2SelfCheckingStress 240</pre>
 */
public final class Sm2SelfCheckingStress {

    private Sm2SelfCheckingStress() {
    }

    public static void main(String[] args) throws Exception {
        long seconds = args.length > 0 ? Long.parseLong(args[0]) : 60;
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        SecureRandom rnd = new SecureRandom();
        byte[] idA = "alice@example.com".getBytes(StandardCharsets.US_ASCII);
        byte[] idB = "bob@example.com".getBytes(StandardCharsets.US_ASCII);
        Sm2Cipher cipher = new Sm2Cipher(rnd);
        long rounds = 0;
        long failures = 0;
        while (System.nanoTime() < end) {
            Sm2KeyPair a = Sm2KeyPair.generate(rnd);
            Sm2KeyPair b = Sm2KeyPair.generate(rnd);
            byte[] msg = new byte[64];
            rnd.nextBytes(msg);
            for (int i = 0; i < 8; i++, rounds++) {
                byte[] sig = new Sm2Signer(a.privateKey(), idA, rnd).sign(msg);
                if (!new Sm2Verifier(a.publicKey(), idA).verify(msg, sig)) {
                    failures++;
                    System.out.println("round " + rounds + ": our signature does not verify");
                }
                try {
                    if (!Arrays.equals(cipher.decrypt(b.privateKey(), cipher.encrypt(b.publicKey(), msg)), msg)) {
                        failures++;
                        System.out.println("round " + rounds + ": decryption returned other bytes");
                    }
                } catch (Exception e) {
                    failures++;
                    System.out.println("round " + rounds + ": decryption failed: " + e);
                }
                try {
                    Sm2KeyExchange ka = Sm2KeyExchange.initiator(a.privateKey(), idA, b.publicKey(), idB, rnd);
                    Sm2KeyExchange kb = Sm2KeyExchange.responder(b.privateKey(), idB, a.publicKey(), idA, rnd);
                    Sm2KeyExchange.Agreement atB = kb.agree(ka.ephemeralPublicKey(), 16);
                    Sm2KeyExchange.Agreement atA = ka.agree(kb.ephemeralPublicKey(), 16);
                    atA.verifyPeerConfirmation(atB.confirmation());
                    atB.verifyPeerConfirmation(atA.confirmation());
                } catch (Exception e) {
                    failures++;
                    System.out.println("round " + rounds + ": key exchange failed: " + e);
                }
            }
        }
        System.out.println(rounds + " rounds, " + failures + " failures");
        System.exit(failures == 0 ? 0 : 1);
    }
}
