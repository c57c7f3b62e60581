package io.gmflux.examples.kafka;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code gmflux kafka}: encrypted Kafka topics (demo, produce, consume). */
@Command(name = "kafka", mixinStandardHelpOptions = true,
        description = "Encrypted Kafka topics: a demo on an embedded broker, and produce/consume for real clusters.",
        subcommands = {KafkaDemoCommand.class, KafkaProduceCommand.class, KafkaConsumeCommand.class})
public final class KafkaCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing command: try 'gmflux kafka demo'");
    }
}
