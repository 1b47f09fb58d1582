import ArgumentParser
import EmuAPI

/// How `import` and `export` find the one database they work on: beside `--config`, `--app-id`
/// picks one of its apps (the first by default) instead of being refused as `serve` does.
extension AppDataOptions {
    /// The chosen app's id: `--app-id` must name an app of the config file when there is one.
    func selectedAppId() throws -> String {
        let requested = requestedAppId()
        guard let path = configPath() else {
            let id = requested ?? AppConfiguration.development.appId
            try AppsSource.usage { try AppConfiguration.validate(appId: id) }
            return id
        }
        let apps = try AppsSource.load(configPath: path)
        guard let requested else { return apps[0].appId }
        guard apps.contains(where: { $0.appId == requested }) else {
            throw ValidationError("no app '\(requested)' in config file \(path) (apps: \(apps.map(\.appId).joined(separator: ", ")))")
        }
        return requested
    }

    /// Opens the chosen app's database file; `create: false` refuses a missing one.
    func open(create: Bool) throws -> AppDataFile {
        let appId = try selectedAppId()
        do {
            return try AppDataFile(appId: appId, dataDirectory: dataDirectory(), create: create)
        } catch let error as TransferError {
            throw CommandFailure(error.description)
        } catch {
            throw CommandFailure("cannot open the database of app \(appId) in \(dataDirectory()): \(error)")
        }
    }
}
