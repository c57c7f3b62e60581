package io.gmflux.kafka.connect;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.cache.Cache;
import org.apache.kafka.common.cache.LRUCache;
import org.apache.kafka.common.cache.SynchronizedCache;
import org.apache.kafka.common.config.AbstractConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigDef.Importance;
import org.apache.kafka.common.config.ConfigDef.Type;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.connect.connector.ConnectRecord;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.errors.DataException;
import org.apache.kafka.connect.transforms.Transformation;

/**
 * What {@link EncryptFields} and {@link DecryptFields} share: the {@code fields} and
 * {@code bind.key} properties and the walk over a record value, a {@link Struct} or a schemaless
 * {@link Map}, to the named fields (dotted paths into nested structs and maps). Each named field
 * with a non-null value is handed to {@link #convert}; null fields stay null, everything else is
 * copied unchanged. With a schema, a path that names no field is an error (a misspelt path would
 * otherwise leave the field in clear); in a schemaless map, a missing key is skipped (such records
 * vary). New struct schemas are computed once per input schema and cached.
 *
 * <p>Thread-safe once configured.
 */
abstract class FieldTransform<R extends ConnectRecord<R>> implements Transformation<R> {

    /** The fields to transform: comma-separated dotted paths, e.g. {@code ssn,card.number}. */
    public static final String FIELDS = "fields";
    /** Whether a field is bound to its record's key (FORMAT.md §8); default true. */
    public static final String BIND_KEY = "bind.key";

    static final ConfigDef OWN = new ConfigDef()
            .define(FIELDS, Type.LIST, ConfigDef.NO_DEFAULT_VALUE, Importance.HIGH,
                    "Fields of the record value to transform, as dotted paths into nested structs or maps"
                            + " (e.g. ssn,card.number).")
            .define(BIND_KEY, Type.BOOLEAN, true, Importance.MEDIUM,
                    "Bind each field to the record's key, so it cannot be moved to a record with another key"
                            + " undetected. Keys must be strings, numbers, booleans, bytes or null; set false for"
                            + " struct or map keys. Both transforms must agree.");

    private Set<String> fields;
    /** Every proper prefix of a configured path: where the walk descends. */
    private Set<String> prefixes;
    private boolean bindKey;
    private final Cache<Schema, Schema> schemas = new SynchronizedCache<>(new LRUCache<>(64));

    /** The transformed value of one field (non-null); {@code schema} is null for schemaless records. */
    abstract Object convert(String topic, String path, byte[] keyForm, Schema schema, Object value);

    /** The schema a field of {@code schema} gets. */
    abstract Schema convertSchema(String path, Schema schema);

    /** Configures what the subclass needs from the remaining {@code gmflux.*} properties. */
    abstract void configureCipher(Map<String, ?> configs);

    static ConfigDef configDef(ConfigDef gmflux) {
        ConfigDef def = new ConfigDef(OWN);
        for (ConfigDef.ConfigKey key : gmflux.configKeys().values()) {
            def.define(key);
        }
        return def;
    }

    @Override
    public void configure(Map<String, ?> configs) {
        AbstractConfig own = new AbstractConfig(OWN, configs, false);
        List<String> list = own.getList(FIELDS);
        if (list.isEmpty()) {
            throw new ConfigException(FIELDS, list, "name at least one field");
        }
        fields = new HashSet<>();
        prefixes = new HashSet<>();
        for (String f : list) {
            String path = f.strip();
            if (path.isEmpty() || path.startsWith(".") || path.endsWith(".") || path.contains("..")) {
                throw new ConfigException(FIELDS, list, "'" + f + "' is not a dotted field path");
            }
            fields.add(path);
            for (int i = path.indexOf('.'); i >= 0; i = path.indexOf('.', i + 1)) {
                prefixes.add(path.substring(0, i));
            }
        }
        bindKey = own.getBoolean(BIND_KEY);
        configureCipher(configs);
    }

    @Override
    public R apply(R record) {
        Object value = record.value();
        if (value == null) {
            return record;
        }
        byte[] keyForm;
        try {
            keyForm = FieldCipher.keyForm(record.key(), bindKey);
        } catch (IllegalArgumentException e) {
            throw new DataException("topic " + record.topic() + ": " + e.getMessage(), e);
        }
        if (value instanceof Struct struct) {
            Schema out = schemaFor(struct.schema());
            Struct converted = struct(record.topic(), keyForm, struct, out, "");
            return record.newRecord(record.topic(), record.kafkaPartition(), record.keySchema(), record.key(), out,
                    converted, record.timestamp(), record.headers());
        }
        if (value instanceof Map<?, ?> map && record.valueSchema() == null) {
            Map<Object, Object> converted = map(record.topic(), keyForm, map, "");
            return record.newRecord(record.topic(), record.kafkaPartition(), record.keySchema(), record.key(), null,
                    converted, record.timestamp(), record.headers());
        }
        throw new DataException("topic " + record.topic() + ": " + getClass().getSimpleName() + " needs a Struct or a"
                + " schemaless Map value, not " + value.getClass().getSimpleName());
    }

    private Schema schemaFor(Schema in) {
        Schema out = schemas.get(in);
        if (out == null) {
            out = structSchema(in, "");
            schemas.put(in, out);
        }
        return out;
    }

    private Schema structSchema(Schema in, String prefix) {
        SchemaBuilder b = SchemaBuilder.struct().name(in.name()).version(in.version()).doc(in.doc());
        if (in.parameters() != null) {
            b.parameters(in.parameters());
        }
        if (in.isOptional()) {
            b.optional();
        }
        for (Field f : in.fields()) {
            String path = prefix + f.name();
            if (fields.contains(path)) {
                b.field(f.name(), convertSchema(path, f.schema()));
            } else if (prefixes.contains(path)) {
                if (f.schema().type() != Schema.Type.STRUCT) {
                    throw new DataException("field " + path + " is a " + f.schema().type() + ", not a struct, so it"
                            + " cannot hold " + FIELDS + " below it");
                }
                b.field(f.name(), structSchema(f.schema(), path + "."));
            } else {
                b.field(f.name(), f.schema());
            }
        }
        for (String wanted : fields) {
            if (wanted.startsWith(prefix) && wanted.indexOf('.', prefix.length()) < 0
                    && in.field(wanted.substring(prefix.length())) == null) {
                throw new DataException("field " + wanted + " is not in the value schema " + describe(in)
                        + " (check " + FIELDS + ")");
            }
        }
        return b.build();
    }

    private static String describe(Schema s) {
        return s.name() != null ? s.name() : s.fields().stream().map(Field::name).toList().toString();
    }

    private Struct struct(String topic, byte[] keyForm, Struct in, Schema outSchema, String prefix) {
        Struct out = new Struct(outSchema);
        for (Field f : in.schema().fields()) {
            String path = prefix + f.name();
            Object v = in.get(f);
            if (v == null) {
                out.put(f.name(), null);
            } else if (fields.contains(path)) {
                out.put(f.name(), convert(topic, path, keyForm, f.schema(), v));
            } else if (prefixes.contains(path)) {
                out.put(f.name(), struct(topic, keyForm, (Struct) v, outSchema.field(f.name()).schema(), path + "."));
            } else {
                out.put(f.name(), v);
            }
        }
        return out;
    }

    private Map<Object, Object> map(String topic, byte[] keyForm, Map<?, ?> in, String prefix) {
        Map<Object, Object> out = new LinkedHashMap<>(in);
        for (Map.Entry<?, ?> e : in.entrySet()) {
            String path = prefix + e.getKey();
            Object v = e.getValue();
            if (v == null) {
                continue;
            }
            if (fields.contains(path)) {
                out.put(e.getKey(), convert(topic, path, keyForm, null, v));
            } else if (prefixes.contains(path) && v instanceof Map<?, ?> nested) {
                out.put(e.getKey(), map(topic, keyForm, nested, path + "."));
            }
        }
        return out;
    }
}
