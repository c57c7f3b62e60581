package io.gmflux.bench.rounds;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * When and where a report was made: date, CPU model, JDK, the load average before and after.
 *
 * @param when end of the run, UTC
 * @param loadBefore 1/5/15-minute load average before the run
 * @param loadAfter the same after it
 * @param minutes how long the run took
 */
public record MachineStamp(ZonedDateTime when, String loadBefore, String loadAfter, double minutes) {

    /** The first three fields of /proc/loadavg, or "unknown". */
    public static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    /** The CPU's model name from /proc/cpuinfo, or the OS architecture. */
    static String cpuModel() {
        try {
            return Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
                    .filter(l -> l.startsWith("model name"))
                    .map(l -> l.substring(l.indexOf(':') + 1).trim())
                    .findFirst().orElse(System.getProperty("os.arch"));
        } catch (IOException e) {
            return System.getProperty("os.arch");
        }
    }

    String line() {
        return String.format(Locale.ROOT, "%s UTC; %s, %d CPUs; %s %s (%s); load average (1/5/15 min) %s before, %s after; %.1f min.",
                when.format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm")), cpuModel(),
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.vm.name"),
                System.getProperty("java.version"), System.getProperty("java.vendor"), loadBefore, loadAfter, minutes);
    }
}
