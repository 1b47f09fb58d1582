// What users name through `import EmuAPI` (AppRuntime, Outbox, EmulatorClock, SeedData,
// FunctionStubs, Faults, CustomRoutes, APIResponse, RequestContext, …) is declared in the targets
// below the server; importing EmuAPI keeps bringing it.
@_exported import EmuData
@_exported import EmuRouting
@_exported import EmuTools
