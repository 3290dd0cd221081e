// A tool that reads token systems works with the model and compiles runtime themes.
@_exported import TesseraModel
@_exported import TesseraRuntime
