// The loss curve files of a training run (CSV and SVG); declared in spymaster_trainer.hpp.
#include <algorithm>
#include <cstdio>
#include <fstream>

#include "models/torch/spymaster_trainer.hpp"

namespace wordhall::spymaster_torch {

result<void> write_loss_csv(const std::vector<double>& losses, const std::string& path) {
  std::ofstream out(path, std::ios::trunc);
  if (!out) return make_error("io_error", "cannot write " + path);
  out << "step,loss\n";
  char line[64];
  for (size_t i = 0; i < losses.size(); ++i) {
    std::snprintf(line, sizeof line, "%zu,%.6g\n", i + 1, losses[i]);
    out << line;
  }
  return out ? result<void>{} : make_error("io_error", path + ": write failed");
}

result<void> write_loss_svg(const std::vector<double>& losses, const std::string& path) {
  std::ofstream out(path, std::ios::trunc);
  if (!out) return make_error("io_error", "cannot write " + path);
  const double width = 640, height = 360, left = 60, right = 20, top = 20, bottom = 40;
  double low = 0, high = 1;
  if (!losses.empty()) {
    low = *std::min_element(losses.begin(), losses.end());
    high = *std::max_element(losses.begin(), losses.end());
    if (high <= low) high = low + 1;
  }
  const size_t n = std::max<size_t>(losses.size(), 2);
  char buffer[256];
  std::snprintf(buffer, sizeof buffer,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%g\" height=\"%g\" "
                "font-family=\"sans-serif\" font-size=\"12\">\n",
                width, height);
  out << buffer << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  std::snprintf(buffer, sizeof buffer,
                "<path d=\"M%g %g V%g H%g\" stroke=\"black\" fill=\"none\"/>\n", left, top,
                height - bottom, width - right);
  out << buffer;
  // Long runs are thinned to at most ~2000 points; the CSV keeps every step.
  const size_t stride = std::max<size_t>(1, losses.size() / 2000);
  out << "<polyline fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"1.5\" points=\"";
  for (size_t i = 0; i < losses.size(); i += stride) {
    const double x = left + (width - left - right) * double(i) / double(n - 1);
    const double y = top + (height - top - bottom) * (high - losses[i]) / (high - low);
    std::snprintf(buffer, sizeof buffer, "%.1f,%.1f ", x, y);
    out << buffer;
  }
  out << "\"/>\n";
  std::snprintf(buffer, sizeof buffer,
                "<text x=\"%g\" y=\"%g\" text-anchor=\"end\">%.4g</text>\n"
                "<text x=\"%g\" y=\"%g\" text-anchor=\"end\">%.4g</text>\n",
                left - 4, top + 4, high, left - 4, height - bottom, low);
  out << buffer;
  std::snprintf(buffer, sizeof buffer,
                "<text x=\"%g\" y=\"%g\" text-anchor=\"middle\">training step (1..%zu); "
                "loss: mean over the batch</text>\n</svg>\n",
                (left + width - right) / 2, height - 12, losses.size());
  out << buffer;
  return out ? result<void>{} : make_error("io_error", path + ": write failed");
}

}  // namespace wordhall::spymaster_torch
