package io.gmflux.examples;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.codecs.bytes.Hex;
import io.gmflux.codecs.format.Identity;
import io.gmflux.codecs.format.KeyText;
import io.gmflux.codecs.format.ReadLimits;
import io.gmflux.codecs.format.StreamSpec;
import io.gmflux.codecs.jca.GmfluxProvider;
import io.gmflux.codecs.sm3.HmacSm3;
import io.gmflux.codecs.sm3.Sm3;
import io.gmflux.codecs.sm4.Sm4;
import io.gmflux.codecs.sm4.Sm4AeadCipher;
import io.gmflux.codecs.sm4.Sm4Cipher;
import io.gmflux.codecs.sm4.Sm4Ctr;
import io.gmflux.codecs.sm4.Sm4Engine;
import io.gmflux.codecs.sm4.Sm4Gcm;
import io.gmflux.codecs.zuc.Eea3;
import io.gmflux.codecs.zuc.Eia3;
import io.gmflux.pipeline.Gmflux;
import io.netty.buffer.ByteBuf;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.security.Provider;
import java.security.Security;
import java.util.Arrays;
import java.util.List;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;

/**
 * The usage snippets of the root README.md, verbatim where the README shows code, so that they
 * keep compiling and stay true. If you change one, change the other.
 */
class ReadmeExamplesTest {

    // Inputs the README leaves to the reader: RFC 8998 Appendix A.1 (SM4-GCM).
    private final byte[] key16 = Hex.decode("0123456789abcdeffedcba9876543210");
    private final byte[] nonce12 = Hex.decode("00001234567800000000abcd");
    private final byte[] aad = Hex.decode("feedfacedeadbeeffeedfacedeadbeefabaddad2");
    private final byte[] plaintext = Hex.decode("aaaaaaaaaaaaaaaabbbbbbbbbbbbbbbbccccccccccccccccdddddddddddddddd"
            + "eeeeeeeeeeeeeeeeffffffffffffffffeeeeeeeeeeeeeeeeaaaaaaaaaaaaaaaa");
    private static final String RFC8998_SEALED = "17f399f08c67d5ee19d0dc9969c4bb7d5fd46fd3756489069157b282bb200735"
            + "d82710ca5c22f0ccfa7cbf93d496ac15a56834cbcf98c397b4024a2691233b8d"
            + "83de3541e4c2b58177e065a9bf7b62ec";

    private static boolean addedProvider;

    @BeforeAll
    static void registerProvider() {
        // README: Security.addProvider(new GmfluxProvider());
        addedProvider = Security.addProvider(new GmfluxProvider()) != -1;
    }

    @AfterAll
    static void unregisterProvider() {
        if (addedProvider) {
            Security.removeProvider(GmfluxProvider.NAME);
        }
    }

    @Test
    void reactorSnippet(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        io.gmflux.codecs.sm2.Sm2KeyPair pair = io.gmflux.codecs.sm2.Sm2KeyPair.generate();
        java.nio.file.Path alicePub = java.nio.file.Files.writeString(dir.resolve("alice.pub"),
                io.gmflux.codecs.sm2.Sm2KeyEncoding.toPem(pair.publicKey()));
        java.nio.file.Path aliceKey = java.nio.file.Files.writeString(dir.resolve("alice.key"),
                io.gmflux.codecs.sm2.Sm2KeyEncoding.toPem(pair.privateKey()));
        byte[] data = new byte[200_000];
        new java.util.SplittableRandom(7).nextBytes(data);
        reactor.core.publisher.Flux<io.netty.buffer.ByteBuf> plaintext = reactor.core.publisher.Flux.range(0, 4)
                .map(i -> io.netty.buffer.Unpooled.wrappedBuffer(data, i * 50_000, 50_000));

        // --- README: Reactor ---
        StreamSpec spec = StreamSpec.builder().recipient(KeyText.recipient(Files.readString(alicePub))).build();
        Flux<ByteBuf> sealed = plaintext.transformDeferred(Gmflux.encrypt(spec));

        Identity alice = KeyText.identity(Files.readString(aliceKey));
        Flux<ByteBuf> opened = sealed.transformDeferred(Gmflux.decrypt(List.of(alice)));
        // from untrusted sources, cap what a header may demand before it authenticates (codecs/FORMAT.md §5)
        ReadLimits caps = ReadLimits.FORMAT_MAXIMUM.withMaxHeaderLength(64 << 10).withMaxPbkdf2Iterations(1_000_000);
        Flux<ByteBuf> openedCapped = sealed.transformDeferred(Gmflux.decrypt(List.of(alice), caps));
        // --- end ---

        for (Flux<ByteBuf> f : List.of(opened, openedCapped)) {
            java.io.ByteArrayOutputStream got = new java.io.ByteArrayOutputStream();
            f.doOnNext(b -> {
                byte[] chunk = new byte[b.readableBytes()];
                b.readBytes(chunk);
                b.release();
                got.writeBytes(chunk);
            }).blockLast();
            assertThat(got.toByteArray()).isEqualTo(data);
        }
    }

    @Test
    void jcaProviderSnippet() throws Exception {
        // --- README: JCA ---
        byte[] digest = MessageDigest.getInstance("SM3", "Gmflux").digest("abc".getBytes(UTF_8));

        Cipher gcm = Cipher.getInstance("SM4/GCM/NoPadding", "Gmflux");
        gcm.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key16, "SM4"), new GCMParameterSpec(128, nonce12));
        gcm.updateAAD(aad);
        byte[] sealed = gcm.doFinal(plaintext);          // ciphertext || 16-byte tag
        // --- end ---

        assertThat(Hex.encode(digest)).isEqualTo("66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0");
        assertThat(Hex.encode(sealed)).isEqualTo(RFC8998_SEALED);
        Provider p = Security.getProvider("Gmflux");
        assertThat(p).isInstanceOf(GmfluxProvider.class);
    }

    @Test
    void directApiSnippet() throws Exception {
        byte[] message = "abc".getBytes(UTF_8);
        byte[] iv16 = new byte[16];
        byte[] in = plaintext;
        byte[] out = new byte[in.length];
        int count = 0x12345678;
        int bearer = 5;
        int direction = 1;

        // --- README: direct API ---
        byte[] digest = Sm3.hash(message);
        byte[] tag = HmacSm3.mac(key16, message);

        Sm4Engine engine = Sm4.newTableEngine(key16);        // table-driven: fastest, not constant-time
        Sm4AeadCipher seal = Sm4Gcm.encryptor(engine, nonce12, 16);
        seal.updateAad(aad, 0, aad.length);
        byte[] sealed = new byte[seal.finalOutputSize(plaintext.length)];
        seal.doFinal(plaintext, 0, plaintext.length, sealed, 0);   // ciphertext || tag

        Sm4AeadCipher open = Sm4Gcm.decryptor(engine, nonce12, 16);
        open.updateAad(aad, 0, aad.length);
        byte[] opened = new byte[open.finalOutputSize(sealed.length)];
        int n = open.doFinal(sealed, 0, sealed.length, opened, 0); // AEADBadTagException if tampered

        Sm4Cipher ctr = Sm4Ctr.encryptor(engine, iv16);
        ctr.doFinal(in, 0, in.length, out, 0);
        byte[] ctrOut = out.clone(); // (not in the README)

        Eea3.apply(key16, count, bearer, direction, in, 0, 8L * in.length, out, 0);
        int mac = Eia3.mac(key16, count, bearer, direction, in, 0, 8L * in.length);
        // --- end ---

        assertThat(Hex.encode(digest)).isEqualTo("66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0");
        assertThat(tag).hasSize(32);
        assertThat(Hex.encode(sealed)).isEqualTo(RFC8998_SEALED);
        assertThat(Arrays.copyOf(opened, n)).isEqualTo(plaintext);
        byte[] back = new byte[in.length];
        Sm4Ctr.decryptor(engine, iv16).doFinal(ctrOut, 0, ctrOut.length, back, 0);
        assertThat(ctrOut).isNotEqualTo(in);
        assertThat(back).isEqualTo(in);
        Eea3.apply(key16, count, bearer, direction, out, 0, 8L * out.length, back, 0);
        assertThat(out).isNotEqualTo(in);
        assertThat(back).isEqualTo(in);
        byte[] flipped = in.clone();
        flipped[7] ^= 0x10;
        assertThat(Eia3.mac(key16, count, bearer, direction, flipped, 0, 8L * in.length)).isNotEqualTo(mac);

        sealed[sealed.length - 1] ^= 1;
        Sm4AeadCipher tampered = Sm4Gcm.decryptor(engine, nonce12, 16);
        tampered.updateAad(aad, 0, aad.length);
        assertThatThrownBy(() -> tampered.doFinal(sealed, 0, sealed.length, opened, 0))
                .isInstanceOf(AEADBadTagException.class);
        engine.destroy();
    }
}
