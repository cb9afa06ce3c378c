# Sourced by the bundle's runners (run-bundled.sh, run-ab.sh) in the bundle's
# directory: the machine's PMIx (its mpirun's server), ours only where it
# has none, in $pmix; UCX's modules of the bundle; mpirun as root.
pmix=/usr/lib/x86_64-linux-gnu/pmix2/lib
if [ ! -e $pmix/libpmix.so.2 ]; then
  mkdir -p own-pmix
  cp libpmix.so.2.debian own-pmix/libpmix.so.2
  pmix=$PWD/own-pmix
fi
export UCX_MODULE_DIR=$PWD/ucx
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
