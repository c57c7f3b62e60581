package io.gmflux.codecs.sm2;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;
import org.bouncycastle.crypto.agreement.SM2KeyExchange;
import org.bouncycastle.crypto.params.ECPublicKeyParameters;
import org.bouncycastle.crypto.params.ParametersWithID;
import org.bouncycastle.crypto.params.SM2KeyExchangePrivateParameters;
import org.bouncycastle.crypto.params.SM2KeyExchangePublicParameters;

/**
 * Run in a JVM of its own by {@link Sm2KeyExchangeCompiledTest}, with a fresh profile: key exchanges between two gmflux parties until C2 has compiled
 * {@link Sm2KeyExchange#agree}, every 50th also answered by BouncyCastle and compared with it. Two
 * gmflux sides in one JVM agree with each other even when both compute a wrong value, so only an
 * independent implementation shows a miscompiled confirmation (issue 3: C2 of JDK 17.0.15 once
 * computed every S_A and S_B over an all-zero inner hash). Prints a line and exits 1 on the first
 * disagreement; exits 0 after {@code args[0]} exchanges.
 */
public final class CompiledKeyExchangeCheck {

    private CompiledKeyExchangeCheck() {
    }

    public static void main(String[] args) throws Exception {
        int exchanges = Integer.parseInt(args[0]);
        SecureRandom random = new SecureRandom();
        byte[] idA = "alice@example.com".getBytes(StandardCharsets.US_ASCII);
        byte[] idB = "bob@example.com".getBytes(StandardCharsets.US_ASCII);
        Sm2KeyPair a = Sm2KeyPair.generate(random);
        Sm2KeyPair b = Sm2KeyPair.generate(random);
        int checked = 0;
        for (int i = 0; i < exchanges; i++) {
            Sm2KeyExchange xa = Sm2KeyExchange.initiator(a.privateKey(), idA, b.publicKey(), idB, random);
            if (i % 50 == 49) {
                String wrong = againstBouncyCastle(xa, a, idA, b, idB, random);
                checked++;
                if (wrong != null) {
                    System.out.println("exchange " + i + ": " + wrong);
                    System.exit(1);
                }
                continue;
            }
            Sm2KeyExchange xb = Sm2KeyExchange.responder(b.privateKey(), idB, a.publicKey(), idA, random);
            Sm2KeyExchange.Agreement atB = xb.agree(xa.ephemeralPublicKey(), 16);
            Sm2KeyExchange.Agreement atA = xa.agree(xb.ephemeralPublicKey(), 16);
            atA.verifyPeerConfirmation(atB.confirmation());
            atB.verifyPeerConfirmation(atA.confirmation());
        }
        System.out.println(exchanges + " exchanges, " + checked + " checked against BouncyCastle, all agreed");
    }

    /** Our initiator against BouncyCastle's responder: null if K, S_B and S_A all agree. */
    private static String againstBouncyCastle(Sm2KeyExchange ours, Sm2KeyPair a, byte[] idA, Sm2KeyPair b, byte[] idB,
            SecureRandom random) throws Exception {
        Sm2PrivateKey bEphemeral = Sm2PrivateKey.generate(random);
        SM2KeyExchange bc = new SM2KeyExchange();
        bc.init(new ParametersWithID(new SM2KeyExchangePrivateParameters(false,
                BouncyCastleSm2.privateKey(b.privateKey()), BouncyCastleSm2.privateKey(bEphemeral)), idB));
        ECPublicKeyParameters ourEphemeral = new ECPublicKeyParameters(
                BouncyCastleSm2.X9.getCurve().decodePoint(ours.ephemeralPublicKey()), BouncyCastleSm2.DOMAIN);
        byte[][] bcOut = bc.calculateKeyWithConfirmation(128, null, new ParametersWithID(
                new SM2KeyExchangePublicParameters(BouncyCastleSm2.publicKey(a.publicKey()), ourEphemeral), idA));
        Sm2KeyExchange.Agreement agreement = ours.agree(bEphemeral.publicKey().toUncompressed(), 16);
        if (!Arrays.equals(agreement.sharedKey(), bcOut[0])) {
            return "K differs from BouncyCastle's";
        }
        try {
            agreement.verifyPeerConfirmation(bcOut[1]);
        } catch (Sm2KeyExchangeException e) {
            return "BouncyCastle's S_B is not the S_B we expect";
        }
        if (!Arrays.equals(agreement.confirmation(), bcOut[2])) {
            return "our S_A is not the S_A BouncyCastle expects";
        }
        return null;
    }
}
