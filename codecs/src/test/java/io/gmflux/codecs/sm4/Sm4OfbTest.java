package io.gmflux.codecs.sm4;

import org.bouncycastle.crypto.modes.OFBBlockCipher;
import org.junit.jupiter.api.Test;

class Sm4OfbTest {

    private final Sm4ModeChecks checks = new Sm4ModeChecks("ofb",
            (e, iv, enc) -> enc ? Sm4Ofb.encryptor(e, iv) : Sm4Ofb.decryptor(e, iv),
            Sm4ModeChecks.bcStream(c -> new OFBBlockCipher(c, 128)), false);

    @Test
    void matchesTheStandardVectors() throws Exception {
        checks.matchesVectors("ofb");
    }

    @Test
    void agreesWithBouncyCastleOnRandomInputs() throws Exception {
        checks.agreesWithOracle(0x0FB1L);
    }

    @Test
    void randomUpdateSplitsEqualOneShot() throws Exception {
        checks.splitsEqualOneShot(0x0FB2L);
    }

    @Test
    void worksInPlace() throws Exception {
        checks.worksInPlace(0x0FB3L);
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
}
