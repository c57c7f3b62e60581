package io.gmflux.kafka;

import java.util.HashMap;
import java.util.Map;

/** Serializers and deserializers configured from properties, as Kafka does. */
public final class Configured {

    private Configured() {
    }

    public static GmfluxSerializer<byte[]> serializer(TestKeys to, Object... more) {
        GmfluxSerializer<byte[]> s = new GmfluxSerializer<>();
        s.configure(props(GmfluxConfig.RECIPIENTS, to.publicPem.toString(), more), false);
        return s;
    }

    public static GmfluxDeserializer<byte[]> deserializer(TestKeys with, Object... more) {
        GmfluxDeserializer<byte[]> d = new GmfluxDeserializer<>();
        d.configure(props(GmfluxConfig.PRIVATE_KEYS, with.privatePem.toString(), more), false);
        return d;
    }

    public static Map<String, Object> props(String k, Object v, Object... more) {
        Map<String, Object> p = new HashMap<>();
        p.put(k, v);
        for (int i = 0; i < more.length; i += 2) {
            p.put((String) more[i], more[i + 1]);
        }
        return p;
    }
}
