package io.gmflux.codecs.sm9;

/**
 * The three groups of the pairing (G1 and G2 written additively in Jacobian coordinates, G_T
 * multiplicatively in the cyclotomic subgroup of F_q12^*) behind one interface, so that the
 * fixed-window and comb exponentiations of {@link GroupExponentiation} exist once.
 *
 * <p>{@link #op} must be branch-free, handle the identity on either side, and need not handle
 * equal arguments (the exponentiation schedules never combine equal non-identity elements).
 */
abstract class Group {

    /** Longs per element. */
    final int size;

    Group(int size) {
        this.size = size;
    }

    abstract void setIdentity(long[] r, int ro);

    /** r = a · b (a + b for the additive groups). r may alias a or b. */
    abstract void op(long[] r, int ro, long[] a, int ao, long[] b, int bo, Workspace w);

    /** r = a · a (2a). r may alias a. */
    abstract void square(long[] r, int ro, long[] a, int ao, Workspace w);

    /** Same as {@link #op} for public values, handling every case (may branch). */
    abstract void opPublic(long[] r, int ro, long[] a, int ao, long[] b, int bo, Workspace w);

    static final Group G1 = new Group(G1Jacobian.SIZE) {
        @Override
        void setIdentity(long[] r, int ro) {
            java.util.Arrays.fill(r, ro, ro + size, 0L);
            Fq.setOne(r, ro);
            Fq.setOne(r, ro + 4);
        }

        @Override
        void op(long[] r, int ro, long[] a, int ao, long[] b, int bo, Workspace w) {
            G1Jacobian.add(r, ro, a, ao, b, bo, w);
        }

        @Override
        void square(long[] r, int ro, long[] a, int ao, Workspace w) {
            G1Jacobian.dbl(r, ro, a, ao, w);
        }

        @Override
        void opPublic(long[] r, int ro, long[] a, int ao, long[] b, int bo, Workspace w) {
            G1Jacobian.addPublic(r, ro, a, ao, b, bo, w);
        }
    };

    static final Group G2 = new Group(G2Jacobian.SIZE) {
        @Override
        void setIdentity(long[] r, int ro) {
            java.util.Arrays.fill(r, ro, ro + size, 0L);
            Fq.setOne(r, ro);
            Fq.setOne(r, ro + 8);
        }

        @Override
        void op(long[] r, int ro, long[] a, int ao, long[] b, int bo, Workspace w) {
            G2Jacobian.add(r, ro, a, ao, b, bo, w);
        }

        @Override
        void square(long[] r, int ro, long[] a, int ao, Workspace w) {
            G2Jacobian.dbl(r, ro, a, ao, w);
        }

        @Override
        void opPublic(long[] r, int ro, long[] a, int ao, long[] b, int bo, Workspace w) {
            G2Jacobian.addPublic(r, ro, a, ao, b, bo, w);
        }
    };

    /** G_T: squaring is the Granger-Scott cyclotomic squaring (valid on pairing values only). */
    static final Group GT = new Group(Fq12.SIZE) {
        @Override
        void setIdentity(long[] r, int ro) {
            Fq12.setOne(r, ro);
        }

        @Override
        void op(long[] r, int ro, long[] a, int ao, long[] b, int bo, Workspace w) {
            Fq12.mul(r, ro, a, ao, b, bo, w);
        }

        @Override
        void square(long[] r, int ro, long[] a, int ao, Workspace w) {
            Fq12.cyclotomicSqr(r, ro, a, ao, w);
        }

        @Override
        void opPublic(long[] r, int ro, long[] a, int ao, long[] b, int bo, Workspace w) {
            Fq12.mul(r, ro, a, ao, b, bo, w);
        }
    };
}
