import Tessera

extension ImporterRegistry {
    /// Tokens Studio files, resolver documents, asset catalogs, Figma variables, Gentle specs,
    /// Figma's DTCG export, Figma variables exported a file per collection and mode, the text
    /// styles of the ConfigTokens layout, folders written for Style Dictionary, and DTCG token
    /// files.
    ///
    /// Among importers equally sure, the first listed wins, so the list is the order of the
    /// evidence, strongest first: Tokens Studio's `$themes.json` and `$metadata.json` (or
    /// `$themes`/`$metadata` keys), `resolutionOrder` (or `.resolver.json`), an `.xcassets`
    /// folder, `variableCollections` (or `valuesByMode`), a Gentle spec's keys, then Tokens
    /// Studio's token shape (`value` and `type`, or a type only it has) — before the
    /// `com.figma.…` extensions that Tokens Studio also writes into its set files when it
    /// syncs Figma variables — then Figma's export (`com.figma.modeName`…), `Collection.Mode.json`
    /// names, text styles, a Style Dictionary folder, a folder of files named as modes
    /// (`Light.json`, `Dark.json`) and, last, the extension.
    public static let standard = ImporterRegistry([
        TokensStudioImporter(), ResolverImporter(), AssetCatalogImporter(), FigmaVariablesImporter(), GentleImporter(),
        FigmaExportImporter(), FigmaModesImporter(), TextStylesImporter(), StyleDictionaryImporter(), ModeFilesImporter(), DTCGImporter(),
    ])
}
