package io.gmflux.codecs.sm4;

import org.bouncycastle.crypto.modes.CFBBlockCipher;
import org.junit.jupiter.api.Test;

class Sm4CfbTest {

    private final Sm4ModeChecks checks = new Sm4ModeChecks("cfb128",
            (e, iv, enc) -> enc ? Sm4Cfb.encryptor(e, iv) : Sm4Cfb.decryptor(e, iv),
            Sm4ModeChecks.bcStream(c -> new CFBBlockCipher(c, 128)), false);

    @Test
    void matchesTheStandardVectors() throws Exception {
        checks.matchesVectors("cfb128");
    }

    @Test
    void agreesWithBouncyCastleOnRandomInputs() throws Exception {
        checks.agreesWithOracle(0xCFB1L);
    }

    @Test
    void randomUpdateSplitsEqualOneShot() throws Exception {
        checks.splitsEqualOneShot(0xCFB2L);
    }

    @Test
    void worksInPlace() throws Exception {
        checks.worksInPlace(0xCFB3L);
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
