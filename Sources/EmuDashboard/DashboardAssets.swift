/// The web dashboard's files (`ui/`), compiled into the binary by SwiftPM's `embedInCode`, so
/// `lcemu` serves them with nothing installed beside it and no Node or npm at any time.
///
/// `embedInCode` turns `ui/app.js` into `PackageResources.app_js`; the table below names each
/// file as the browser asks for it. `DashboardAssetsTests` checks it lists every file of `ui/`.
public enum DashboardAssets {
    /// One file: its bytes and the `Content-Type` to serve them with.
    public struct Asset: Sendable {
        public let name: String
        public let bytes: [UInt8]

        public var contentType: String { DashboardAssets.contentType(of: name) }
    }

    /// The page itself, served at `/__admin/ui/`.
    public static let indexName = "index.html"

    /// The file named `name` (a bare file name, no folders), or nil.
    public static func asset(named name: String) -> Asset? {
        files[name].map { Asset(name: name, bytes: $0) }
    }

    /// Every file name, sorted.
    public static var names: [String] { files.keys.sorted() }

    static let files: [String: [UInt8]] = [
        "index.html": PackageResources.index_html,
        "dashboard.css": PackageResources.dashboard_css,
        "app.js": PackageResources.app_js,
        "api.js": PackageResources.api_js,
        "session.js": PackageResources.session_js,
        "dom.js": PackageResources.dom_js,
        "cells.js": PackageResources.cells_js,
        "poll.js": PackageResources.poll_js,
        "live.js": PackageResources.live_js,
        "data-view.js": PackageResources.data_view_js,
        "object-table.js": PackageResources.object_table_js,
        "object-editor.js": PackageResources.object_editor_js,
        "selection.js": PackageResources.selection_js,
        "columns.js": PackageResources.columns_js,
        "filter-builder.js": PackageResources.filter_builder_js,
        "cell-editor.js": PackageResources.cell_editor_js,
        "class-transfer.js": PackageResources.class_transfer_js,
        "app-file.js": PackageResources.app_file_js,
        "schema-forms.js": PackageResources.schema_forms_js,
        "users-view.js": PackageResources.users_view_js,
        "outbox-view.js": PackageResources.outbox_view_js,
        "requests-view.js": PackageResources.requests_view_js,
        "journal-detail.js": PackageResources.journal_detail_js,
        "engine-calls.js": PackageResources.engine_calls_js,
        "time-view.js": PackageResources.time_view_js,
        "fixtures-view.js": PackageResources.fixtures_view_js,
        "functions-panel.js": PackageResources.functions_panel_js,
        "routes-view.js": PackageResources.routes_view_js,
        "route-definition.js": PackageResources.route_definition_js,
        "overview-view.js": PackageResources.overview_view_js,
        "engine-panel.js": PackageResources.engine_panel_js,
    ]

    /// By extension: the only kinds `ui/` holds.
    static func contentType(of name: String) -> String {
        if name.hasSuffix(".html") { return "text/html;charset=utf-8" }
        if name.hasSuffix(".css") { return "text/css;charset=utf-8" }
        if name.hasSuffix(".js") { return "text/javascript;charset=utf-8" }
        if name.hasSuffix(".svg") { return "image/svg+xml" }
        if name.hasSuffix(".png") { return "image/png" }
        return "application/octet-stream"
    }
}
