// WebKitWebDriver's own capability (the MiniBrowser to start and its arguments), which
// webdriverio's types do not list.
declare namespace WebdriverIO {
  interface Capabilities {
    'webkitgtk:browserOptions'?: { binary: string; args: string[] }
  }
}
