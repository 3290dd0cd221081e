// An app that reads themes works with the model's values (colors, dimensions, typography).
@_exported import TesseraModel
