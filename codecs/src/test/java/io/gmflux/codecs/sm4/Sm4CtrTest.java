package io.gmflux.codecs.sm4;

import static org.assertj.core.api.Assertions.assertThat;

import io.gmflux.codecs.bytes.Hex;
import java.util.SplittableRandom;
import org.bouncycastle.crypto.modes.SICBlockCipher;
import org.junit.jupiter.api.Test;

class Sm4CtrTest {

    private final Sm4ModeChecks checks = new Sm4ModeChecks("ctr",
            (e, iv, enc) -> enc ? Sm4Ctr.encryptor(e, iv) : Sm4Ctr.decryptor(e, iv),
            Sm4ModeChecks.bcStream(SICBlockCipher::new), false);

    @Test
    void matchesTheStandardVectors() throws Exception {
        checks.matchesVectors("ctr");
    }

    @Test
    void agreesWithBouncyCastleOnRandomInputs() throws Exception {
        checks.agreesWithOracle(0xC7A1L);
    }

    @Test
    void randomUpdateSplitsEqualOneShot() throws Exception {
        checks.splitsEqualOneShot(0xC7A2L);
    }

    @Test
    void worksInPlace() throws Exception {
        checks.worksInPlace(0xC7A3L);
    }

    @Test
    void handlesOutputAheadOfInputInOneArray() throws Exception {
        checks.handlesOutputAheadOfInputInOneArray();
    }

    @Test
    void agreesWithBouncyCastleOnALargeInput() throws Exception {
        checks.agreesWithOracleOnALargeInput();
    }

    @Test
    void resetDropsBufferedDataAndRestartsFromTheIv() throws Exception {
        checks.resetDropsBufferedDataAndRestartsFromTheIv();
    }

    @Test
    void rejectsBadRangesWithoutChangingState() throws Exception {
        checks.rejectsBadRangesWithoutStateChange();
    }

    @Test
    void rejectsNullAndWrongLengthArguments() {
        checks.rejectsBadConstructorArguments(true);
    }

    @Test
    void refusesUseAfterDestroy() {
        checks.refusesUseAfterDestroy();
    }

    @Test
    void counterWrapsAt2To128LikeBouncyCastle() throws Exception {
        String[] ivs = {
            "ffffffffffffffffffffffffffffffff", "fffffffffffffffffffffffffffffffd",
            "00000000000000fffffffffffffffffe", "0123456789abcdefffffffffffffffff",
            "7fffffffffffffffffffffffffffffff",
        };
        SplittableRandom r = new SplittableRandom(0xC7A4L);
        for (String ivHex : ivs) {
            byte[] iv = Hex.decode(ivHex);
            for (int len : new int[] {16, 33, 64, 100, 257, 1024}) {
                byte[] key = Sm4ModeChecks.bytes(r, 16);
                byte[] pt = Sm4ModeChecks.bytes(r, len);
                byte[] ct = Sm4ModeChecks.oneShot(Sm4Ctr.encryptor(Sm4.newTableEngine(key), iv), pt);
                assertThat(ct).as("iv=" + ivHex + " len=" + len)
                        .isEqualTo(checks.oracle.apply(key, iv, true, pt));
                assertThat(Sm4ModeChecks.split(Sm4Ctr.encryptor(Sm4.newTableEngine(key), iv), pt, r))
                        .as("split iv=" + ivHex + " len=" + len).isEqualTo(ct);
            }
        }
    }

    @Test
    void theFirstKeystreamBlockIsTheEncryptedIv() throws Exception {
        // Independent of BouncyCastle: E(IV) through the block engine alone.
        SplittableRandom r = new SplittableRandom(0xC7A5L);
        byte[] key = Sm4ModeChecks.bytes(r, 16);
        byte[] iv = Sm4ModeChecks.bytes(r, 16);
        byte[] expected = new byte[16];
        Sm4.newTableEngine(key).encryptBlocks(iv, 0, expected, 0, 1);
        assertThat(Sm4ModeChecks.oneShot(Sm4Ctr.encryptor(Sm4.newTableEngine(key), iv), new byte[16]))
                .isEqualTo(expected);
    }
}
