// The entry point of the fuzz executable compiled into HaruSettings, linked as
// fuzz-settings-file.

/// Runs one input; libFuzzer calls this for every input it tries.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSettingsInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  fuzzSettingsFile(start, count)
}
