// Imported before video.js: its module body injects a <style> element unless told not to, and the
// renderer's CSP (style-src 'self') refuses inline styles. Its stylesheet is imported as a file instead.
declare global {
  interface Window {
    VIDEOJS_NO_DYNAMIC_STYLE?: boolean;
  }
}
window.VIDEOJS_NO_DYNAMIC_STYLE = true;
export {};
