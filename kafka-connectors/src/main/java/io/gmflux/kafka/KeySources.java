package io.gmflux.kafka;

import io.gmflux.codecs.format.Identity;
import io.gmflux.codecs.format.KeyText;
import io.gmflux.codecs.format.Recipient;
import io.gmflux.codecs.sm2.Sm2KeyEncoding;
import io.gmflux.codecs.sm2.Sm2PrivateKey;
import io.gmflux.codecs.sm2.Sm2PublicKey;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.InvalidKeyException;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.common.config.ConfigException;

/**
 * Reads the key properties of {@link GmfluxConfig}: each list item is inline PEM text (one or more
 * blocks) or the path of a PEM file (which may hold several blocks). Every block goes through
 * {@link KeyText}, the one place that knows the key types. Stateless.
 */
final class KeySources {

    private static final Pattern BLOCK = Pattern.compile("-----BEGIN ([^-]+)-----.*?-----END \\1-----", Pattern.DOTALL);

    private KeySources() {
    }

    static List<Recipient> recipients(String property, List<String> items) {
        List<Recipient> out = new ArrayList<>();
        for (Source s : blocks(property, items)) {
            try {
                out.add(KeyText.recipient(s.pem));
            } catch (GeneralSecurityException e) {
                throw new ConfigException(property + ": " + s.name + " is not a public key gmflux can encrypt to: "
                        + e.getMessage());
            }
        }
        return out;
    }

    static List<Identity> identities(String property, List<String> items) {
        List<Identity> out = new ArrayList<>();
        for (Source s : blocks(property, items)) {
            try {
                out.add(KeyText.identity(s.pem));
            } catch (GeneralSecurityException e) {
                throw new ConfigException(property + ": " + s.name + " is not a private key gmflux can decrypt with: "
                        + e.getMessage());
            }
        }
        return out;
    }

    /** The one SM2 private key {@code item} (a path or inline PEM) holds. */
    static Sm2PrivateKey sm2PrivateKey(String property, String item) {
        List<Source> sources = blocks(property, List.of(item));
        if (sources.size() != 1) {
            throw new ConfigException(property + ": expected one SM2 private key, found " + sources.size() + " PEM blocks");
        }
        try {
            return Sm2KeyEncoding.privateKeyFromPem(sources.get(0).pem);
        } catch (InvalidKeyException e) {
            throw new ConfigException(property + ": " + sources.get(0).name + " is not an SM2 private key: " + e.getMessage());
        }
    }

    static List<Sm2PublicKey> sm2PublicKeys(String property, List<String> items) {
        List<Sm2PublicKey> out = new ArrayList<>();
        for (Source s : blocks(property, items)) {
            try {
                out.add(Sm2KeyEncoding.publicKeyFromPem(s.pem));
            } catch (InvalidKeyException e) {
                throw new ConfigException(property + ": " + s.name + " is not an SM2 public key: " + e.getMessage());
            }
        }
        return out;
    }

    private record Source(String name, String pem) {
    }

    private static List<Source> blocks(String property, List<String> items) {
        List<Source> out = new ArrayList<>();
        for (String raw : items) {
            String item = raw.strip();
            if (item.isEmpty()) {
                continue;
            }
            String text;
            String name;
            if (item.contains("-----BEGIN")) {
                text = item;
                name = "inline PEM #" + (out.size() + 1);
            } else {
                name = "file " + item;
                try {
                    text = Files.readString(Path.of(item), StandardCharsets.US_ASCII);
                } catch (IOException e) {
                    throw new ConfigException(property + ": cannot read " + name + ": " + e);
                }
            }
            Matcher m = BLOCK.matcher(text);
            int found = 0;
            while (m.find()) {
                found++;
                out.add(new Source(found == 1 ? name : name + " block " + found, m.group()));
            }
            if (found == 0) {
                throw new ConfigException(property + ": " + name + " holds no PEM block");
            }
        }
        return out;
    }
}
