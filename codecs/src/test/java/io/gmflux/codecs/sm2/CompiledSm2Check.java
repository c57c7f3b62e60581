package io.gmflux.codecs.sm2;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;
import org.bouncycastle.crypto.agreement.SM2KeyExchange;
import org.bouncycastle.crypto.engines.SM2Engine;
import org.bouncycastle.crypto.params.ParametersWithRandom;
import org.bouncycastle.crypto.signers.SM2Signer;
import org.bouncycastle.crypto.params.ECPublicKeyParameters;
import org.bouncycastle.crypto.params.ParametersWithID;
import org.bouncycastle.crypto.params.SM2KeyExchangePrivateParameters;
import org.bouncycastle.crypto.params.SM2KeyExchangePublicParameters;

/**
 * Run in a JVM of its own by {@link Sm2CompiledInteropTest}, with a fresh profile: each SM2
 * operation in a loop until C2 has compiled it, every 50th result also checked by BouncyCastle.
 * First key exchanges between two gmflux parties, every 50th against BouncyCastle's responder (two
 * gmflux sides in one JVM agree with each other even when both compute a wrong value, so only an
 * independent implementation shows a miscompiled confirmation: issue 3, where C2 of JDK 17.0.15
 * computed every S_A and S_B over an all-zero inner hash); then signatures verified by
 * BouncyCastle, our ciphertexts decrypted by it and its ciphertext decrypted by us. Prints a line
 * and exits 1 on the first disagreement; exits 0 after {@code args[0]} rounds of each.
 */
public final class CompiledSm2Check {

    private CompiledSm2Check() {
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
        checked += signaturesAndCiphertexts(exchanges, a, random);
        System.out.println(exchanges + " rounds of each, " + checked + " checked against BouncyCastle, all agreed");
    }

    private static int signaturesAndCiphertexts(int rounds, Sm2KeyPair pair, SecureRandom random) throws Exception {
        byte[] id = "1234567812345678".getBytes(StandardCharsets.US_ASCII);
        Sm2Signer signer = new Sm2Signer(pair.privateKey(), id, random);
        Sm2Verifier verifier = new Sm2Verifier(pair.publicKey(), id);
        Sm2Cipher cipher = new Sm2Cipher(random);
        SM2Engine bcEnc = new SM2Engine(SM2Engine.Mode.C1C3C2);
        bcEnc.init(true, new ParametersWithRandom(BouncyCastleSm2.publicKey(pair.publicKey()), random));
        byte[] theirs = bcEnc.processBlock(new byte[48], 0, 48);
        int checked = 0;
        for (int i = 0; i < rounds; i++) {
            byte[] msg = new byte[1 + (i % 97)];
            random.nextBytes(msg);
            byte[] sig = signer.signDer(msg);
            byte[] ct = cipher.encrypt(pair.publicKey(), msg);
            if (!verifier.verifyDer(msg, sig) || !Arrays.equals(cipher.decrypt(pair.privateKey(), ct), msg)
                    || cipher.decrypt(pair.privateKey(), theirs).length != 48) {
                System.out.println("round " + i + ": gmflux disagrees with itself");
                System.exit(1);
            }
            if (i % 50 == 49) {
                checked++;
                SM2Signer bcv = new SM2Signer();
                bcv.init(false, new ParametersWithID(BouncyCastleSm2.publicKey(pair.publicKey()), id));
                bcv.update(msg, 0, msg.length);
                SM2Engine bcDec = new SM2Engine(SM2Engine.Mode.C1C3C2);
                bcDec.init(false, BouncyCastleSm2.privateKey(pair.privateKey()));
                if (!bcv.verifySignature(sig) || !Arrays.equals(bcDec.processBlock(ct, 0, ct.length), msg)
                        || !Arrays.equals(cipher.decrypt(pair.privateKey(), theirs), new byte[48])) {
                    System.out.println("round " + i + ": a signature or ciphertext disagrees with BouncyCastle");
                    System.exit(1);
                }
            }
        }
        return checked;
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
