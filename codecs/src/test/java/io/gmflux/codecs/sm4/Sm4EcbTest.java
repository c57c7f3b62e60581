package io.gmflux.codecs.sm4;

import org.bouncycastle.crypto.DefaultBufferedBlockCipher;
import org.bouncycastle.crypto.engines.SM4Engine;
import org.bouncycastle.crypto.paddings.PKCS7Padding;
import org.bouncycastle.crypto.paddings.PaddedBufferedBlockCipher;
import org.junit.jupiter.api.Test;

class Sm4EcbTest {

    private static final Sm4ModeChecks.Factory NONE =
            (e, iv, enc) -> enc ? Sm4Ecb.encryptor(e, Sm4Padding.NONE) : Sm4Ecb.decryptor(e, Sm4Padding.NONE);
    private static final Sm4ModeChecks.Factory PKCS7 =
            (e, iv, enc) -> enc ? Sm4Ecb.encryptor(e, Sm4Padding.PKCS7) : Sm4Ecb.decryptor(e, Sm4Padding.PKCS7);

    private final Sm4ModeChecks unpadded = new Sm4ModeChecks("ecb/none", NONE,
            Sm4ModeChecks.bcBuffered(() -> new DefaultBufferedBlockCipher(new SM4Engine()), false), true);
    private final Sm4ModeChecks padded = new Sm4ModeChecks("ecb/pkcs7", PKCS7,
            Sm4ModeChecks.bcBuffered(
                    () -> new PaddedBufferedBlockCipher(new SM4Engine(), new PKCS7Padding()), false), false);

    @Test
    void matchesTheStandardVectors() throws Exception {
        unpadded.matchesVectors("ecb");
    }

    @Test
    void agreesWithBouncyCastleOnRandomInputsWithoutPadding() throws Exception {
        unpadded.agreesWithOracle(0xEC01L);
    }

    @Test
    void agreesWithBouncyCastleOnRandomInputsWithPkcs7() throws Exception {
        padded.agreesWithOracle(0xEC02L);
    }

    @Test
    void randomUpdateSplitsEqualOneShot() throws Exception {
        unpadded.splitsEqualOneShot(0xEC03L);
        padded.splitsEqualOneShot(0xEC04L);
    }

    @Test
    void worksInPlace() throws Exception {
        unpadded.worksInPlace(0xEC05L);
        padded.worksInPlace(0xEC06L);
    }

    @Test
    void rejectsMalformedPaddingWithoutWritingPlaintext() throws Exception {
        Sm4ModeChecks.rejectsBadPadding(NONE, PKCS7);
    }

    @Test
    void rejectsPartialBlocksWithIllegalBlockSize() throws Exception {
        Sm4ModeChecks.rejectsPartialBlocks(NONE, PKCS7);
    }

    @Test
    void reportsOutputSizesAndHoldsBackTheLastBlockWhenUnpadding() throws Exception {
        Sm4ModeChecks.reportsOutputSizes(NONE, PKCS7);
    }

    @Test
    void handlesOutputAheadOfInputInOneArray() throws Exception {
        unpadded.handlesOutputAheadOfInputInOneArray();
        padded.handlesOutputAheadOfInputInOneArray();
    }

    @Test
    void agreesWithBouncyCastleOnALargeInput() throws Exception {
        unpadded.agreesWithOracleOnALargeInput();
        padded.agreesWithOracleOnALargeInput();
    }

    @Test
    void resetDropsBufferedDataAndRestartsFromTheIv() throws Exception {
        unpadded.resetDropsBufferedDataAndRestartsFromTheIv();
        padded.resetDropsBufferedDataAndRestartsFromTheIv();
    }

    @Test
    void rejectsBadRangesWithoutChangingState() throws Exception {
        unpadded.rejectsBadRangesWithoutStateChange();
        padded.rejectsBadRangesWithoutStateChange();
    }

    @Test
    void rejectsNullAndWrongLengthArguments() {
        unpadded.rejectsBadConstructorArguments(false);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Sm4Ecb.encryptor(Sm4.newTableEngine(new byte[16]), null))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("padding");
    }

    @Test
    void refusesUseAfterDestroy() {
        padded.refusesUseAfterDestroy();
    }
}
