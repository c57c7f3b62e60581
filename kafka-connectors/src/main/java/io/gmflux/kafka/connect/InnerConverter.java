package io.gmflux.kafka.connect;

import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.common.config.AbstractConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigDef.Importance;
import org.apache.kafka.common.config.ConfigDef.Type;
import org.apache.kafka.common.utils.Utils;
import org.apache.kafka.connect.storage.Converter;

/**
 * The {@code inner} property of {@link GmfluxConverter} and {@link GmfluxKeyConverter}: the class of
 * the converter they wrap, configured with every one of their properties except {@code inner}
 * itself, {@code inner.X} overriding {@code X}. Stateless.
 */
final class InnerConverter {

    /** Class name of the wrapped converter (required). */
    static final String INNER = "inner";
    /** Prefix of properties meant for the wrapped converter only. */
    static final String INNER_PREFIX = INNER + ".";

    private InnerConverter() {
    }

    static ConfigDef define(ConfigDef def, String doc) {
        return def.define(INNER, Type.CLASS, ConfigDef.NO_DEFAULT_VALUE, Importance.HIGH,
                doc + " It is configured with this converter's properties; inner.X overrides X for it.");
    }

    /** A new, configured instance of the class {@code inner} names in {@code configs}. */
    static Converter create(ConfigDef def, Map<String, ?> configs, boolean isKey) {
        AbstractConfig own = new AbstractConfig(def, configs, false);
        Map<String, Object> innerConfigs = new HashMap<>(configs);
        innerConfigs.remove(INNER);
        for (Map.Entry<String, ?> e : configs.entrySet()) {
            if (e.getKey().startsWith(INNER_PREFIX)) {
                innerConfigs.put(e.getKey().substring(INNER_PREFIX.length()), e.getValue());
            }
        }
        Converter in = Utils.newInstance(own.getClass(INNER), Converter.class);
        try {
            in.configure(innerConfigs, isKey);
        } catch (RuntimeException e) {
            Utils.closeQuietly(in, "inner converter");
            throw e;
        }
        return in;
    }
}
