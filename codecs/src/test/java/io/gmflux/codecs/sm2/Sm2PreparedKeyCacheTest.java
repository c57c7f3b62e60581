package io.gmflux.codecs.sm2;

import static io.gmflux.codecs.sm2.Sm2SignerTest.seeded;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.SecureRandom;
import java.util.SplittableRandom;
import org.bouncycastle.crypto.engines.SM2Engine;
import org.junit.jupiter.api.Test;

class Sm2PreparedKeyCacheTest {

    @Test
    void encryptionThroughTheCacheGivesTheSameBytesAsWithoutAndDecryptsInBouncyCastle() throws Exception {
        SecureRandom keys = seeded(81);
        Sm2KeyPair[] pairs = {Sm2KeyPair.generate(keys), Sm2KeyPair.generate(keys), Sm2KeyPair.generate(keys)};
        Sm2PreparedKeyCache cache = new Sm2PreparedKeyCache(2);
        Sm2Cipher cached = new Sm2Cipher(seeded(82), cache);
        Sm2Cipher plain = new Sm2Cipher(seeded(82));
        Sm2Kem cachedKem = new Sm2Kem(seeded(84), cache);
        Sm2Kem plainKem = new Sm2Kem(seeded(84));
        SplittableRandom rnd = new SplittableRandom(83);
        for (int i = 0; i < 60; i++) {
            Sm2KeyPair pair = pairs[rnd.nextInt(pairs.length)];
            byte[] msg = new byte[rnd.nextInt(1, 100)];
            rnd.nextBytes(msg);
            byte[] ct = cached.encrypt(pair.publicKey(), msg);
            String what = "seed 83 case " + i;
            assertThat(ct).as(what).isEqualTo(plain.encrypt(pair.publicKey(), msg));
            SM2Engine bc = new SM2Engine(SM2Engine.Mode.C1C3C2);
            bc.init(false, BouncyCastleSm2.privateKey(pair.privateKey()));
            assertThat(bc.processBlock(ct, 0, ct.length)).as(what).isEqualTo(msg);
            Sm2Kem.Encapsulated a = cachedKem.encapsulate(pair.publicKey(), 32);
            Sm2Kem.Encapsulated b = plainKem.encapsulate(pair.publicKey(), 32);
            assertThat(a.encapsulation()).as(what).isEqualTo(b.encapsulation());
            assertThat(a.sharedSecret()).as(what).isEqualTo(b.sharedSecret());
        }
        assertThat(cache.preparedCount()).isBetween(1, 2);
        assertThat(cache.hits()).isPositive();
    }

    @Test
    void preparesOnTheSecondUseAndEvictsTheLeastRecentlyUsed() throws Exception {
        Sm2PreparedKeyCache cache = new Sm2PreparedKeyCache(2);
        Sm2PublicKey a = Sm2KeyPair.generate().publicKey();
        Sm2PublicKey b = Sm2KeyPair.generate().publicKey();
        Sm2PublicKey c = Sm2KeyPair.generate().publicKey();
        assertThat(cache.lookup(a)).isNull(); // first sight
        Sm2PreparedPublicKey pa = cache.lookup(a);
        assertThat(pa).isNotNull();
        assertThat(pa.publicKey()).isEqualTo(a);
        assertThat(cache.lookup(a)).isSameAs(pa);
        cache.lookup(b);
        cache.lookup(b);
        assertThat(cache.preparedCount()).isEqualTo(2);
        cache.lookup(a); // a is now more recent than b
        cache.lookup(c);
        cache.lookup(c); // third table: b, the least recently used, goes
        assertThat(cache.preparedCount()).isEqualTo(2);
        assertThat(cache.lookup(a)).isSameAs(pa);
        assertThat(cache.get(b)).isNotNull(); // get prepares at once
        assertThat(cache.preparedCount()).isEqualTo(2);
        cache.clear();
        assertThat(cache.preparedCount()).isZero();
    }

    @Test
    void rejectsBadArguments() {
        assertThatThrownBy(() -> new Sm2PreparedKeyCache(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Sm2Cipher(new SecureRandom(), null)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("cache");
        assertThatThrownBy(() -> new Sm2PreparedKeyCache(1).get(null)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("key");
    }
}
