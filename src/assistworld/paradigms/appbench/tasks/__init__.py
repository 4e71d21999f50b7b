"""What a planning task is: the model, our folder format, the published data read in place, app
descriptions, listing."""
