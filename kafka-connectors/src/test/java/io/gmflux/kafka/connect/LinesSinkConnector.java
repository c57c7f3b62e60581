package io.gmflux.kafka.connect;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.connect.connector.Task;
import org.apache.kafka.connect.sink.SinkConnector;
import org.apache.kafka.connect.sink.SinkRecord;
import org.apache.kafka.connect.sink.SinkTask;

/**
 * A minimal file sink for the worker tests: appends each record's value to {@code file} as one
 * line (a string as it is, a byte array as UTF-8, anything else as JSON).
 */
public class LinesSinkConnector extends SinkConnector {

    private Map<String, String> props;

    @Override
    public void start(Map<String, String> props) {
        this.props = props;
    }

    @Override
    public Class<? extends Task> taskClass() {
        return LinesTask.class;
    }

    @Override
    public List<Map<String, String>> taskConfigs(int maxTasks) {
        return List.of(props);
    }

    @Override
    public void stop() {
    }

    @Override
    public ConfigDef config() {
        return new ConfigDef().define("file", ConfigDef.Type.STRING, ConfigDef.Importance.HIGH, "output file");
    }

    @Override
    public String version() {
        return "test";
    }

    /** Appends and flushes every batch it is given. */
    public static class LinesTask extends SinkTask {

        private static final ObjectMapper JSON = new ObjectMapper();

        private Path file;

        @Override
        public void start(Map<String, String> props) {
            file = Path.of(props.get("file"));
        }

        @Override
        public void put(Collection<SinkRecord> records) {
            if (records.isEmpty()) {
                return; // Connect calls put with no records while it waits: no file until a line comes
            }
            StringBuilder sb = new StringBuilder();
            for (SinkRecord r : records) {
                sb.append(line(r.value())).append('\n');
            }
            try {
                Files.writeString(file, sb, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private static String line(Object value) {
            if (value instanceof String s) {
                return s;
            }
            if (value instanceof byte[] b) {
                return new String(b, StandardCharsets.UTF_8);
            }
            try {
                return JSON.writeValueAsString(value);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void stop() {
        }

        @Override
        public String version() {
            return "test";
        }
    }
}
