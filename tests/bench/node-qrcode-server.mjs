// The comparison server for `npm run bench`: node-qrcode answering the app's request shape on
// node:http, in its own process so that it has a core to itself, as the app's workerd does.
import http from "node:http";
import QRCode from "qrcode";

const port = Number(process.argv[2]);
const server = http.createServer(async (req, res) => {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const form = await new Request("http://local", {
    method: "POST",
    headers: { "content-type": req.headers["content-type"] },
    body: Buffer.concat(chunks),
  }).formData();
  const data = JSON.parse(form.get("data"));
  const custom = JSON.parse(form.get("customization"));
  const dataURL = await QRCode.toDataURL(data.url, {
    width: custom.size,
    margin: 4,
    errorCorrectionLevel: "M",
    color: { dark: custom.fgColor, light: custom.bgColor },
  });
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify({ dataURL }));
});
server.listen(port, "127.0.0.1", () => process.send?.("ready"));
