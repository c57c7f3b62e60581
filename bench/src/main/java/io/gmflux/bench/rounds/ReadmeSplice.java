package io.gmflux.bench.rounds;

/**
 * Replaces the text between two marker comments of a README (markers kept) with a report's
 * content, so the README's performance table is the report file's content.
 */
public final class ReadmeSplice {

    public static final String BEGIN = "<!-- perf:begin -->";
    public static final String END = "<!-- perf:end -->";

    private ReadmeSplice() {
    }

    /**
     * The README with {@code content} between {@link #BEGIN} and {@link #END}.
     *
     * @throws IllegalArgumentException if the markers are missing, repeated or out of order
     */
    public static String splice(String readme, String content) {
        int b = readme.indexOf(BEGIN);
        int e = readme.indexOf(END);
        if (b < 0 || e < 0 || e < b || readme.indexOf(BEGIN, b + 1) >= 0 || readme.indexOf(END, e + 1) >= 0) {
            throw new IllegalArgumentException("the README needs exactly one " + BEGIN + " followed by one " + END);
        }
        String body = content.endsWith("\n") ? content : content + "\n";
        return readme.substring(0, b + BEGIN.length()) + "\n" + body + readme.substring(e);
    }
}
