package io.gmflux.codecs.fuzz;

import static io.gmflux.codecs.fuzz.FuzzProperty.onlyThrows;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.gmflux.codecs.der.DerFormatException;
import io.gmflux.codecs.der.DerReader;
import io.gmflux.codecs.der.Pem;
import java.nio.charset.StandardCharsets;

/** The DER reader and the PEM decoder: only {@link DerFormatException} may come out. */
class DerFuzzTest {

    /** Walks every element of the input with each typed reader the codecs use. */
    @FuzzTest(maxDuration = "")
    void derReader(byte[] input) {
        onlyThrows(() -> walk(new DerReader(input), 0), DerFormatException.class);
    }

    @FuzzTest(maxDuration = "")
    void pem(byte[] input) {
        onlyThrows(() -> Pem.decodeAll(new String(input, StandardCharsets.ISO_8859_1)), DerFormatException.class);
    }

    private static void walk(DerReader r, int depth) throws DerFormatException {
        while (r.hasMore() && depth < 32) {
            int tag = r.peekTag();
            switch (tag) {
                case 0x30 -> walk(r.readSequence(), depth + 1);
                case 0x02 -> {
                    byte[] raw = r.readRawElement();
                    new DerReader(raw).readBigInteger();
                    tryRead(() -> new DerReader(raw).readInt());
                    tryRead(() -> new DerReader(raw).readUnsignedInteger(32));
                }
                case 0x03 -> r.readBitString();
                case 0x04 -> r.readOctetString();
                case 0x05 -> r.readNull();
                case 0x06 -> r.readOid();
                default -> {
                    if ((tag & 0x20) != 0) {
                        walk(r.readConstructed(tag), depth + 1);
                    } else {
                        r.readPrimitive(tag);
                    }
                }
            }
        }
    }

    private interface Read {
        void run() throws DerFormatException;
    }

    /** Readers that refuse values out of their range (an int, a 32-byte integer) with DerFormatException. */
    private static void tryRead(Read read) {
        try {
            read.run();
        } catch (DerFormatException expected) {
            // a typed refusal is the contract
        }
    }
}
