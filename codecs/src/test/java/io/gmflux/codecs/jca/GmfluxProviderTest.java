package io.gmflux.codecs.jca;

import static io.gmflux.codecs.jca.CipherPaths.BC;
import static io.gmflux.codecs.jca.CipherPaths.GMFLUX;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.AlgorithmParameters;
import java.security.InvalidParameterException;
import java.security.MessageDigest;
import java.security.Provider;
import java.security.Security;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;
import javax.crypto.Cipher;
import javax.crypto.KeyGenerator;
import javax.crypto.Mac;
import org.junit.jupiter.api.Test;

class GmfluxProviderTest {

    @Test
    void versionIsThePomsReleaseNumber() {
        String pom = System.getProperty("gmflux.project.version");
        assertThat(pom).as("surefire passes the pom's version").isNotBlank();
        assertThat(GmfluxProvider.VERSION).isEqualTo(pom.replaceFirst("-.*$", "")).matches("\\d+(\\.\\d+)*");
        assertThat(new GmfluxProvider().getVersionStr()).isEqualTo(GmfluxProvider.VERSION);
        assertThat(new GmfluxProvider().getInfo()).startsWith("Gmflux provider " + GmfluxProvider.VERSION + ":");
    }

    @Test
    void isFoundByNameAfterAddProvider() {
        Security.removeProvider(GmfluxProvider.NAME);
        try {
            assertThat(Security.getProvider("Gmflux")).isNull();
            int position = Security.addProvider(new GmfluxProvider());
            assertThat(position).isPositive();
            Provider p = Security.getProvider("Gmflux");
            assertThat(p).isInstanceOf(GmfluxProvider.class);
            assertThat(p.getVersionStr()).isEqualTo(GmfluxProvider.VERSION);
            assertThat(p.getInfo()).contains("SM4").contains("ZUC");
            assertThat(Security.getProviders("Cipher.SM4")).contains(p);
        } finally {
            Security.removeProvider(GmfluxProvider.NAME);
        }
    }

    @Test
    void isFoundByServiceLoader() {
        List<String> names = new ArrayList<>();
        for (Provider p : ServiceLoader.load(Provider.class)) {
            names.add(p.getName());
            if (p instanceof GmfluxProvider) {
                assertThat(p.getService("MessageDigest", "SM3")).isNotNull();
            }
        }
        assertThat(names).contains("Gmflux");
    }

    @Test
    void worksByProviderNameOnceInstalled() throws Exception {
        Security.addProvider(new GmfluxProvider());
        try {
            assertThat(MessageDigest.getInstance("SM3", "Gmflux").getProvider().getName()).isEqualTo("Gmflux");
            assertThat(Cipher.getInstance("SM4/GCM/NoPadding", "Gmflux").getProvider().getName()).isEqualTo("Gmflux");
            assertThat(Mac.getInstance("HmacSM3", "Gmflux").getAlgorithm()).isEqualTo("HmacSM3");
        } finally {
            Security.removeProvider(GmfluxProvider.NAME);
        }
    }

    /**
     * Every service of Gmflux exists in BouncyCastle under the same type and name, with the same aliases:
     * a caller's algorithm strings keep working after the swap.
     */
    @Test
    void registersItsServicesUnderBouncyCastlesNamesAndAliases() {
        Set<String> ours = new TreeSet<>();
        for (Provider.Service s : GMFLUX.getServices()) {
            if (GMFLUX_ONLY.contains(s.getType() + "." + s.getAlgorithm())) {
                continue;
            }
            Provider.Service theirs = BC.getService(s.getType(), s.getAlgorithm());
            assertThat(theirs).as("BouncyCastle has " + s.getType() + "." + s.getAlgorithm()).isNotNull();
            assertThat(theirs.getAlgorithm().toUpperCase(Locale.ROOT)).isEqualTo(s.getAlgorithm().toUpperCase(Locale.ROOT));
            ours.add(s.getType() + "." + s.getAlgorithm());
            for (String alias : aliasesOf(BC, theirs)) {
                Provider.Service viaAlias = GMFLUX.getService(s.getType(), alias);
                assertThat(viaAlias).as(s.getType() + " alias " + alias).isNotNull();
                assertThat(viaAlias.getAlgorithm()).isEqualTo(s.getAlgorithm());
            }
        }
        assertThat(ours).contains("MessageDigest.SM3", "Mac.HMACSM3", "KeyGenerator.HMACSM3", "Cipher.SM4",
                "Cipher.SM4-GCM", "Cipher.SM4-CCM", "KeyGenerator.SM4", "AlgorithmParameters.SM4",
                "AlgorithmParameters.SM4-GCM", "AlgorithmParameters.SM4-CCM", "Cipher.ZUC-128", "Cipher.ZUC-256",
                "KeyGenerator.ZUC-128", "KeyGenerator.ZUC-256", "AlgorithmParameters.ZUC-128",
                "AlgorithmParameters.ZUC-256", "Mac.ZUC-128", "Mac.ZUC-256", "Mac.ZUC-256-64", "Mac.ZUC-256-32");
    }

    /**
     * Services BouncyCastle does not have under that name: issue 3's SM2 KeyFactory (BouncyCastle
     * reads SM2 keys with its KeyFactory "EC") and SM4-XTS (issue 12; BouncyCastle has no XTS).
     * Nothing a BouncyCastle user's code names can miss them.
     */
    private static final Set<String> GMFLUX_ONLY = Set.of("KeyFactory.SM2", "Cipher.SM4/XTS-GB/NoPadding",
            "Cipher.SM4/XTS-IEEE/NoPadding");

    /** The aliases a provider answers for a service, read back through its public lookup. */
    private static List<String> aliasesOf(Provider p, Provider.Service s) {
        List<String> aliases = new ArrayList<>();
        String prefix = "Alg.Alias." + s.getType() + ".";
        for (Object k : p.keySet()) {
            String key = k.toString();
            if (key.startsWith(prefix) && p.getProperty(key).equalsIgnoreCase(s.getAlgorithm())) {
                aliases.add(key.substring(prefix.length()));
            }
        }
        return aliases;
    }

    @Test
    void resolvesTheCommonSpellingsCaseInsensitively() throws Exception {
        for (String name : new String[] {"SM3", "sm3", "1.2.156.10197.1.401"}) {
            assertThat(MessageDigest.getInstance(name, GMFLUX).getDigestLength()).as(name).isEqualTo(32);
        }
        for (String name : new String[] {"HmacSM3", "HMAC-SM3", "HMAC/SM3", "1.2.156.10197.1.401.2"}) {
            assertThat(Mac.getInstance(name, GMFLUX).getMacLength()).as(name).isEqualTo(32);
            assertThat(KeyGenerator.getInstance(name, GMFLUX).generateKey().getEncoded()).as(name).hasSize(32);
        }
        for (String name : new String[] {"SM4-GCM", "1.2.156.10197.1.104.8", "OID.1.2.156.10197.1.104.8",
            "SM4-CCM", "1.2.156.10197.1.104.9", "sm4/gcm/nopadding", "SM4/ctr/NoPadding"}) {
            assertThat(Cipher.getInstance(name, GMFLUX).getBlockSize()).as(name).isEqualTo(16);
        }
        assertThat(AlgorithmParameters.getInstance("1.2.156.10197.1.104.2", GMFLUX).getAlgorithm())
                .isEqualTo("1.2.156.10197.1.104.2");
        assertThat(Mac.getInstance("ZUC-256-128", GMFLUX).getMacLength()).isEqualTo(16);
    }

    @Test
    void selectsGmfluxForSm4WhenFirstInTheList() throws Exception {
        Security.insertProviderAt(new GmfluxProvider(), 1);
        try {
            Cipher c = Cipher.getInstance("SM4/CBC/PKCS5Padding");
            c.init(Cipher.ENCRYPT_MODE, new javax.crypto.spec.SecretKeySpec(new byte[16], "SM4"));
            assertThat(c.getProvider().getName()).isEqualTo("Gmflux");
        } finally {
            Security.removeProvider(GmfluxProvider.NAME);
        }
    }

    @Test
    void configuresTheSm4EngineByArgumentAsTheJdkDoesForSecurityFileEntries() {
        GmfluxProvider table = new GmfluxProvider(GmfluxProvider.Sm4Implementation.TABLE);
        assertThat(new GmfluxProvider().sm4Implementation()).isEqualTo(GmfluxProvider.Sm4Implementation.AUTO);
        assertThat(((GmfluxProvider) table.configure("AUTO")).sm4Implementation())
                .isEqualTo(GmfluxProvider.Sm4Implementation.AUTO);
        Provider ct = table.configure(" Constant-Time ");
        assertThat(((GmfluxProvider) ct).sm4Implementation()).isEqualTo(GmfluxProvider.Sm4Implementation.CONSTANT_TIME);
        assertThat(ct.getName()).isEqualTo("Gmflux");
        assertThat(ct.getInfo()).contains("constant-time");
        assertThat(((GmfluxProvider) ct.configure("table")).sm4Implementation())
                .isEqualTo(GmfluxProvider.Sm4Implementation.TABLE);
        assertThatThrownBy(() -> table.configure("fast")).isInstanceOf(InvalidParameterException.class);
        assertThatThrownBy(() -> new GmfluxProvider(null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void refusesConstructorParametersLikeTheJdk() {
        Provider.Service s = GMFLUX.getService("Cipher", "SM4");
        assertThatThrownBy(() -> s.newInstance("x")).isInstanceOf(InvalidParameterException.class);
    }
}
