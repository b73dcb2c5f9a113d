/** The six ready-to-paste embed snippets, with the interview and project IDs substituted. */
export function buildSnippets(args: { baseUrl: string; embedUrl: string; interviewId: string; projectId: string }) {
  const { baseUrl, embedUrl, interviewId, projectId } = args;
  const script = (mode: string, extra = '') =>
    `<script src="${baseUrl}/widget.js" data-interview-id="${interviewId}" data-project-id="${projectId}" data-mode="${mode}"${extra} async></script>`;
  return {
    iframe: `<iframe src="${embedUrl}" width="100%" height="640" style="border:0" allow="camera; microphone; autoplay; clipboard-write" title="Research interview"></iframe>`,
    widget_inline: `<div id="research-interview"></div>\n${script('inline', ' data-target="#research-interview"')}`,
    widget_overlay_center: script('overlay-center', ' data-launcher-text="Take part in a short interview"'),
    widget_overlay_dock_right: script('overlay-dock-right', ' data-launcher-text="Share your feedback"'),
    mobile_webview: [
      "import { WebView } from 'react-native-webview';",
      '',
      'export function ResearchInterview() {',
      '  return (',
      '    <WebView',
      `      source={{ uri: '${embedUrl}' }}`,
      '      mediaPlaybackRequiresUserAction={false}',
      '      allowsInlineMediaPlayback',
      '      mediaCapturePermissionGrantType="grant"',
      '      style={{ flex: 1 }}',
      '    />',
      '  );',
      '}',
    ].join('\n'),
    mobile_modal: [
      "import { Modal, SafeAreaView, Button } from 'react-native';",
      "import { WebView } from 'react-native-webview';",
      '',
      'export function ResearchInterviewModal({ visible, onClose }) {',
      '  return (',
      '    <Modal visible={visible} animationType="slide" onRequestClose={onClose}>',
      '      <SafeAreaView style={{ flex: 1 }}>',
      '        <Button title="Close" onPress={onClose} />',
      '        <WebView',
      `          source={{ uri: '${embedUrl}' }}`,
      '          mediaPlaybackRequiresUserAction={false}',
      '          allowsInlineMediaPlayback',
      '          mediaCapturePermissionGrantType="grant"',
      '        />',
      '      </SafeAreaView>',
      '    </Modal>',
      '  );',
      '}',
    ].join('\n'),
  };
}
