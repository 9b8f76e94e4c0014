"""The verdict's features, its logistic model, fitting it and the metrics it is measured by."""
