"""The maintainers' scripts under ``benchmarks/`` that CI cannot run whole (they need the seeds)."""
