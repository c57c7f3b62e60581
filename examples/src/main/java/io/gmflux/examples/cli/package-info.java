/**
 * The {@code gmflux} command line (picocli): {@link io.gmflux.examples.cli.GmfluxCommand} is the
 * main class of {@code examples/target/gmflux.jar}; each subcommand is its own class.
 */
package io.gmflux.examples.cli;
