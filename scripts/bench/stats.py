"""Percentiles of a list of samples."""


def percentile(samples, fraction):
    """Linear interpolation between the closest ranks; None for no samples."""
    if not samples:
        return None
    ordered = sorted(samples)
    position = fraction * (len(ordered) - 1)
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def summary(samples):
    """p50, p99 and max of SAMPLES, with their count."""
    return {
        "n": len(samples),
        "p50": percentile(samples, 0.5),
        "p99": percentile(samples, 0.99),
        "max": max(samples) if samples else None,
    }
