package io.gmflux.codecs.sm4;

import org.bouncycastle.crypto.DefaultBufferedBlockCipher;
import org.bouncycastle.crypto.engines.SM4Engine;
import org.bouncycastle.crypto.paddings.PKCS7Padding;
import org.bouncycastle.crypto.paddings.PaddedBufferedBlockCipher;
import org.bouncycastle.crypto.modes.CBCBlockCipher;
import org.junit.jupiter.api.Test;

class Sm4CbcTest {

    private static final Sm4ModeChecks.Factory NONE =
            (e, iv, enc) -> enc ? Sm4Cbc.encryptor(e, iv, Sm4Padding.NONE) : Sm4Cbc.decryptor(e, iv, Sm4Padding.NONE);
    private static final Sm4ModeChecks.Factory PKCS7 =
            (e, iv, enc) -> enc ? Sm4Cbc.encryptor(e, iv, Sm4Padding.PKCS7) : Sm4Cbc.decryptor(e, iv, Sm4Padding.PKCS7);

    private final Sm4ModeChecks unpadded = new Sm4ModeChecks("cbc/none", NONE,
            Sm4ModeChecks.bcBuffered(
                    () -> new DefaultBufferedBlockCipher(CBCBlockCipher.newInstance(new SM4Engine())), true), true);
    private final Sm4ModeChecks padded = new Sm4ModeChecks("cbc/pkcs7", PKCS7,
            Sm4ModeChecks.bcBuffered(() -> new PaddedBufferedBlockCipher(
                    CBCBlockCipher.newInstance(new SM4Engine()), new PKCS7Padding()), true), false);

    @Test
    void matchesTheStandardVectors() throws Exception {
        unpadded.matchesVectors("cbc");
    }

    @Test
    void agreesWithBouncyCastleOnRandomInputsWithoutPadding() throws Exception {
        unpadded.agreesWithOracle(0xCBC1L);
    }

    @Test
    void agreesWithBouncyCastleOnRandomInputsWithPkcs7() throws Exception {
        padded.agreesWithOracle(0xCBC2L);
    }

    @Test
    void randomUpdateSplitsEqualOneShot() throws Exception {
        unpadded.splitsEqualOneShot(0xCBC3L);
        padded.splitsEqualOneShot(0xCBC4L);
    }

    @Test
    void worksInPlace() throws Exception {
        unpadded.worksInPlace(0xCBC5L);
        padded.worksInPlace(0xCBC6L);
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
        unpadded.rejectsBadConstructorArguments(true);
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> Sm4Cbc.encryptor(Sm4.newTableEngine(new byte[16]), new byte[16], null))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("padding");
    }

    @Test
    void refusesUseAfterDestroy() {
        padded.refusesUseAfterDestroy();
    }
}
