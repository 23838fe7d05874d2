// The explorer's progress meter: plain lines off a terminal, and the heartbeat
// that keeps a run with long positions from looking hung.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

#include "explore/progress.h"
#include "gtest/gtest.h"

namespace tav::explore {
namespace {

std::string ReadAll(std::FILE* f) {
  std::fflush(f);
  std::rewind(f);
  std::string text;
  char buf[4096];
  while (std::size_t n = std::fread(buf, 1, sizeof buf, f)) text.append(buf, n);
  return text;
}

TEST(ExploreProgress, HeartbeatReportsTheInFlightPositionsWhileNothingFinishes) {
  std::FILE* out = std::tmpfile();
  ASSERT_NE(out, nullptr);
  {
    ProgressMeter meter("test", 2, 0, /*enabled=*/true, /*plain_interval_s=*/5.0, out,
                        /*heartbeat_s=*/0.1);
    const std::uint64_t a = meter.Start();
    meter.Start();
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    meter.Update(1000, a);
    meter.Finish();
  }
  const std::string text = ReadAll(out);
  std::fclose(out);
  EXPECT_NE(text.find("[test] 0/2 positions (0.0%)  - pos/s  - nodes/s  ETA ?"), std::string::npos)
      << text;
  EXPECT_NE(text.find("(2 in flight, the oldest for 1s)"), std::string::npos) << text;
  EXPECT_NE(text.find("done in"), std::string::npos) << text;
}

TEST(ExploreProgress, PlainLinesAreRateLimitedAndTheLastOneAlwaysPrinted) {
  std::FILE* out = std::tmpfile();
  ASSERT_NE(out, nullptr);
  {
    ProgressMeter meter("test", 100, 0, true, /*plain_interval_s=*/3600.0, out,
                        /*heartbeat_s=*/3600.0);
    for (int i = 0; i < 100; ++i) meter.Update(10, meter.Start());
    meter.Finish();
  }
  const std::string text = ReadAll(out);
  std::fclose(out);
  // The 100th position (done == total) and the final line; nothing between.
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 2) << text;
  EXPECT_NE(text.find("100/100 positions (100.0%)"), std::string::npos) << text;
}

TEST(ExploreProgress, DisabledMeterPrintsNothing) {
  std::FILE* out = std::tmpfile();
  ASSERT_NE(out, nullptr);
  {
    ProgressMeter meter("test", 3, 0, false, 0.0, out, 0.01);
    meter.Update(1, meter.Start());
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    meter.Finish();
  }
  EXPECT_EQ(ReadAll(out), "");
  std::fclose(out);
}

TEST(ExploreProgress, DurationsAndRatesAreShort) {
  EXPECT_EQ(ProgressMeter::FormatDuration(12), "12s");
  EXPECT_EQ(ProgressMeter::FormatDuration(187), "3m07s");
  EXPECT_EQ(ProgressMeter::FormatDuration(3720), "1h02m");
  EXPECT_EQ(ProgressMeter::FormatDuration(-1), "?");
  EXPECT_EQ(ProgressMeter::FormatRate(12.3e6), "12.3 M");
  EXPECT_EQ(ProgressMeter::FormatRate(850e3), "850 k");
}

}  // namespace
}  // namespace tav::explore
