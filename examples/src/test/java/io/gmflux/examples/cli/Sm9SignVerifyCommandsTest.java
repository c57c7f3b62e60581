package io.gmflux.examples.cli;

import static io.gmflux.testing.RandomInputs.randomFile;
import static org.assertj.core.api.Assertions.assertThat;

import io.gmflux.codecs.sm9.Sm9KeyEncoding;
import io.gmflux.codecs.sm9.Sm9SignPrivateKey;
import io.gmflux.codecs.sm9.Sm9Verifier;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * gmflux keygen sm9-sign-master / sm9-sign-user, then sign and verify with SM9 (detached DER
 * signatures, streamed), in-process; GmSSL's SM9 key and signature through the command line.
 */
class Sm9SignVerifyCommandsTest {

    private static final String ALICE = "alice@example.com";

    /** A KGC (kgc.key, kgc.pub) and alice's signing key (alice.key, alice.pub) in {@code dir}. */
    private static void keys(Path dir) {
        CliRun master = CliRun.of("keygen", "sm9-sign-master", "-o", dir.resolve("kgc").toString());
        assertThat(master.status).as(master.toString()).isZero();
        CliRun user = CliRun.of("keygen", "sm9-sign-user", "-m", dir.resolve("kgc.key").toString(), "--id", ALICE,
                "-o", dir.resolve("alice").toString());
        assertThat(user.status).as(user.toString()).isZero();
    }

    @Test
    void keygenSignAndVerifyRoundTripWithTheIdentity(@TempDir Path dir) throws Exception {
        keys(dir);
        assertThat(Files.readString(dir.resolve("kgc.key"))).startsWith("-----BEGIN SM9 SIGN MASTER KEY-----");
        assertThat(Files.readString(dir.resolve("kgc.pub"))).startsWith("-----BEGIN SM9 SIGN MASTER PUBLIC KEY-----");
        assertThat(Files.readString(dir.resolve("alice.key"))).startsWith("-----BEGIN SM9 SIGN PRIVATE KEY-----");
        assertThat(dir.resolve("alice.pub")).hasSameTextualContentAs(dir.resolve("kgc.pub"));

        Path msg = randomFile(dir, "msg.bin", 200_003, 91);
        Path sig = dir.resolve("msg.sig");
        CliRun sign = CliRun.of("sign", "-k", dir.resolve("alice.key").toString(), "-i", msg.toString(),
                "-o", sig.toString());
        assertThat(sign.status).as(sign.toString()).isZero();
        CliRun verify = CliRun.of("verify", "-p", dir.resolve("alice.pub").toString(), "--id", ALICE,
                "-s", sig.toString(), "-i", msg.toString());
        assertThat(verify.status).as(verify.toString()).isZero();
        assertThat(verify.err).contains("good signature by " + ALICE);
        // The DER is GM/T 0044's, and the codecs' one-shot verifier agrees.
        assertThat(new Sm9Verifier(Sm9KeyEncoding.signMasterPublicKeyFromPem(Files.readString(dir.resolve("kgc.pub"))),
                ALICE.getBytes(StandardCharsets.UTF_8)).verifyDer(Files.readAllBytes(msg), Files.readAllBytes(sig))).isTrue();
    }

    @Test
    void attackTamperedFileOtherIdentityOrOtherMasterFailsWithStatus3(@TempDir Path dir) throws Exception {
        keys(dir);
        assertThat(CliRun.of("keygen", "sm9-sign-master", "-o", dir.resolve("other").toString()).status).isZero();
        Path msg = randomFile(dir, "msg.bin", 70_000, 92);
        Path sig = dir.resolve("msg.sig");
        assertThat(CliRun.of("sign", "-k", dir.resolve("alice.key").toString(), "-i", msg.toString(),
                "-o", sig.toString()).status).isZero();
        String pub = dir.resolve("kgc.pub").toString();

        byte[] tampered = Files.readAllBytes(msg);
        tampered[12_345] ^= 0x10;
        Path bad = Files.write(dir.resolve("tampered.bin"), tampered);
        CliRun modified = CliRun.of("verify", "-p", pub, "--id", ALICE, "-s", sig.toString(), "-i", bad.toString());
        assertThat(modified.status).isEqualTo(ExitCodes.AUTHENTICATION);
        assertThat(modified.err).startsWith("gmflux verify: the signature does not verify").doesNotContain("Exception");

        CliRun otherId = CliRun.of("verify", "-p", pub, "--id", "mallory@example.com", "-s", sig.toString(),
                "-i", msg.toString());
        assertThat(otherId.status).isEqualTo(ExitCodes.AUTHENTICATION);
        assertThat(CliRun.of("verify", "-p", dir.resolve("other.pub").toString(), "--id", ALICE, "-s", sig.toString(),
                "-i", msg.toString()).status).isEqualTo(ExitCodes.AUTHENTICATION);

        CliRun noId = CliRun.of("verify", "-p", pub, "-s", sig.toString(), "-i", msg.toString());
        assertThat(noId.status).isEqualTo(ExitCodes.USAGE);
        assertThat(noId.err).contains("give --id");

        Files.write(dir.resolve("garbage.sig"), new byte[] {0x30, 0x03, 0x02, 0x01});
        CliRun garbage = CliRun.of("verify", "-p", pub, "--id", ALICE, "-s", dir.resolve("garbage.sig").toString(),
                "-i", msg.toString());
        assertThat(garbage.status).isEqualTo(ExitCodes.FAILED);
        assertThat(garbage.err).contains("not a DER SM9 signature");
    }

    @Test
    void passphraseProtectedKeysAreGmsslsEncryptedFormsAndSign(@TempDir Path dir) throws Exception {
        Path pass = Files.writeString(dir.resolve("pass.txt"), "correct horse\n");
        assertThat(CliRun.of("keygen", "sm9-sign-master", "-o", dir.resolve("kgc").toString(),
                "--passphrase-file", pass.toString()).status).isZero();
        CliRun user = CliRun.of("keygen", "sm9-sign-user", "-m", dir.resolve("kgc.key").toString(),
                "--master-passphrase-file", pass.toString(), "--id", ALICE, "-o", dir.resolve("alice").toString(),
                "--passphrase-file", pass.toString());
        assertThat(user.status).as(user.toString()).isZero();
        String keyText = Files.readString(dir.resolve("alice.key"));
        assertThat(keyText).startsWith("-----BEGIN ENCRYPTED PRIVATE KEY-----");
        Sm9SignPrivateKey read = Sm9KeyEncoding.signPrivateKeyFromEncryptedPem(keyText, "correct horse".toCharArray(),
                ALICE.getBytes(StandardCharsets.UTF_8));
        assertThat(read.masterPublicKey()).isEqualTo(
                Sm9KeyEncoding.signMasterPublicKeyFromPem(Files.readString(dir.resolve("kgc.pub"))));

        Path msg = randomFile(dir, "msg.bin", 5_000, 93);
        Path sig = dir.resolve("msg.sig");
        Path wrong = Files.writeString(dir.resolve("wrong.txt"), "incorrect horse\n");
        assertThat(CliRun.of("sign", "-k", dir.resolve("alice.key").toString(), "--passphrase-file", wrong.toString(),
                "-i", msg.toString(), "-o", sig.toString()).status).isEqualTo(ExitCodes.WRONG_PASSPHRASE);
        assertThat(CliRun.of("sign", "-k", dir.resolve("alice.key").toString(), "--passphrase-file", pass.toString(),
                "-i", msg.toString(), "-o", sig.toString()).status).isZero();
        assertThat(CliRun.of("verify", "-p", dir.resolve("alice.pub").toString(), "--id", ALICE, "-s", sig.toString(),
                "-i", msg.toString()).status).isZero();
    }

    @Test
    void gmsslSm9SignatureAndKeyWorkThroughTheCommandLine(@TempDir Path dir) throws Exception {
        String pub = GmsslInteropFiles.file("sm9sign-master.pub.pem").toString();
        String msg = GmsslInteropFiles.file("msg.txt").toString();
        CliRun theirs = CliRun.of("verify", "-p", pub, "--id", ALICE, "-s",
                GmsslInteropFiles.file("msg.sm9.sig").toString(), "-i", msg);
        assertThat(theirs.status).as(theirs.toString()).isZero();
        assertThat(CliRun.of("verify", "-p", pub, "--id", "bob@example.com", "-s",
                GmsslInteropFiles.file("msg.sm9.sig").toString(), "-i", msg).status).isEqualTo(ExitCodes.AUTHENTICATION);

        // gmflux signs with GmSSL's encrypted key of alice; the signature verifies under GmSSL's master key.
        Path pass = Files.writeString(dir.resolve("pass.txt"), "gmflux-test-1\n");
        Path sig = dir.resolve("ours.sig");
        CliRun sign = CliRun.of("sign", "-k", GmsslInteropFiles.file("sm9sign-alice.key.pem").toString(),
                "--passphrase-file", pass.toString(), "-i", msg, "-o", sig.toString());
        assertThat(sign.status).as(sign.toString()).isZero();
        assertThat(CliRun.of("verify", "-p", pub, "--id", ALICE, "-s", sig.toString(), "-i", msg).status).isZero();
    }

    /** Stdin that serves a seeded 3 MiB message and records the largest read asked of it. */
    private static final class RecordingInput extends InputStream {
        final byte[] data;
        int pos;
        int largestRead;
        int reads;

        RecordingInput(int size, long seed) {
            data = new byte[size];
            new SplittableRandom(seed).nextBytes(data);
        }

        @Override
        public int read() {
            largestRead = Math.max(largestRead, 1);
            return pos < data.length ? data[pos++] & 0xff : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            largestRead = Math.max(largestRead, len);
            reads++;
            if (pos == data.length) {
                return -1;
            }
            int n = Math.min(len, data.length - pos);
            System.arraycopy(data, pos, b, off, n);
            pos += n;
            return n;
        }
    }

    @Test
    void aThreeMebibyteMessageIsSignedAndVerifiedFromStdinInPieces(@TempDir Path dir) throws Exception {
        keys(dir);
        int size = 3 << 20;
        Path sig = dir.resolve("big.sig");
        InputStream stdin = System.in;
        RecordingInput signed = new RecordingInput(size, 94);
        RecordingInput verified = new RecordingInput(size, 94);
        try {
            System.setIn(signed);
            CliRun sign = CliRun.of("sign", "-k", dir.resolve("alice.key").toString(), "-o", sig.toString());
            assertThat(sign.status).as(sign.toString()).isZero();
            System.setIn(verified);
            CliRun verify = CliRun.of("verify", "-p", dir.resolve("kgc.pub").toString(), "--id", ALICE,
                    "-s", sig.toString());
            assertThat(verify.status).as(verify.toString()).isZero();
        } finally {
            System.setIn(stdin);
        }
        for (RecordingInput in : new RecordingInput[] {signed, verified}) {
            assertThat(in.pos).as("read to the end").isEqualTo(size);
            assertThat(in.largestRead).as("never asks for more than a 64 KiB piece").isLessThanOrEqualTo(1 << 16);
            assertThat(in.reads).as("pieces").isGreaterThanOrEqualTo(size >> 16);
        }
        // The codecs' one-shot verifier agrees with the streamed signature of the whole message.
        assertThat(new Sm9Verifier(Sm9KeyEncoding.signMasterPublicKeyFromPem(Files.readString(dir.resolve("kgc.pub"))),
                ALICE.getBytes(StandardCharsets.UTF_8)).verifyDer(signed.data, Files.readAllBytes(sig))).isTrue();
    }
}
