package io.gmflux.codecs.sm4;

/**
 * Test double: an engine that implements only the two block methods (delegating to a real
 * engine) and so runs every mode entry point ({@code encryptCbc}, {@code encryptCtr}, ...)
 * through the interface's default implementations, as an engine without fused kernels would.
 */
final class DefaultPathEngine implements Sm4Engine {

    private final Sm4Engine blocks;

    DefaultPathEngine(Sm4Engine blocks) {
        this.blocks = blocks;
    }

    @Override
    public void encryptBlocks(byte[] in, int inOff, byte[] out, int outOff, int n) {
        blocks.encryptBlocks(in, inOff, out, outOff, n);
    }

    @Override
    public void decryptBlocks(byte[] in, int inOff, byte[] out, int outOff, int n) {
        blocks.decryptBlocks(in, inOff, out, outOff, n);
    }

    @Override
    public boolean isConstantTime() {
        return blocks.isConstantTime();
    }

    @Override
    public void destroy() {
        blocks.destroy();
    }
}
