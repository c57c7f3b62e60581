package io.gmflux.kafka.connect;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.connect.connector.Task;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.source.SourceConnector;
import org.apache.kafka.connect.source.SourceRecord;
import org.apache.kafka.connect.source.SourceTask;

/**
 * A minimal file source for the worker tests: each line of {@code file} becomes one record of
 * {@code topic}, once, with a null key; the value is the line as a string, or with
 * {@code json=true} the line parsed as a JSON object (a schemaless Map).
 */
public class LinesSourceConnector extends SourceConnector {

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
        return new ConfigDef()
                .define("file", ConfigDef.Type.STRING, ConfigDef.Importance.HIGH, "input file")
                .define("topic", ConfigDef.Type.STRING, ConfigDef.Importance.HIGH, "topic")
                .define("json", ConfigDef.Type.BOOLEAN, false, ConfigDef.Importance.LOW, "parse lines as JSON");
    }

    @Override
    public String version() {
        return "test";
    }

    /** Emits the file's lines in one batch, then nothing. */
    public static class LinesTask extends SourceTask {

        private static final ObjectMapper JSON = new ObjectMapper();

        private List<String> lines;
        private String topic;
        private String file;
        private boolean json;

        @Override
        public void start(Map<String, String> props) {
            file = props.get("file");
            topic = props.get("topic");
            json = Boolean.parseBoolean(props.get("json"));
            try {
                lines = Files.readAllLines(Path.of(file), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public List<SourceRecord> poll() throws InterruptedException {
            if (lines == null) {
                Thread.sleep(100);
                return null;
            }
            List<SourceRecord> out = new ArrayList<>();
            for (int i = 0; i < lines.size(); i++) {
                out.add(new SourceRecord(Map.of("file", file), Map.of("line", (long) i), topic, null, null, null,
                        json ? null : Schema.STRING_SCHEMA, value(lines.get(i))));
            }
            lines = null;
            return out;
        }

        private Object value(String line) {
            if (!json) {
                return line;
            }
            try {
                return JSON.readValue(line, new TypeReference<Map<String, Object>>() { });
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
