"""Headless Chromium for the tests of the HTML viewer in a browser: the window sized in CSS
pixels (a phone's, a desktop's), and the mark of the tests that need Chromium and chromedriver."""

from __future__ import annotations

import shutil
import time
from typing import Any

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service as ChromeService
from selenium.webdriver.common.action_chains import ActionChains

CHROMIUM = next((shutil.which(name) for name in ("chromium", "chromium-browser", "google-chrome")
                 if shutil.which(name)), None)
CHROMEDRIVER = shutil.which("chromedriver")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage"]
needs_driver = pytest.mark.skipif(
    CHROMIUM is None or CHROMEDRIVER is None,
    reason="no Chromium and chromedriver to drive it (install Debian's chromium and chromium-driver)",
)
PHONE, DESKTOP = (390, 844), (1280, 800)


class Window:
    """Headless Chromium whose viewport is set to a size in CSS pixels."""

    def __init__(self) -> None:
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for flag in FLAGS:
            options.add_argument(flag)
        options.add_argument("--window-size=1400,1000")
        self.driver = webdriver.Chrome(options=options, service=ChromeService(executable_path=CHROMEDRIVER))
        self.driver.set_page_load_timeout(60)
        self.driver.set_script_timeout(30)

    def size(self, width: int, height: int) -> None:
        """The viewport set to ``width`` x ``height`` CSS pixels, exactly and at once (Chromium's device
        metrics, not the window's outer size, whose change a loaded machine may apply late)."""
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        deadline = time.monotonic() + 30
        while self.run("return [window.innerWidth, window.innerHeight];") != [width, height]:
            assert time.monotonic() < deadline, f"the viewport did not become {width}x{height}"
            time.sleep(0.1)

    def run(self, script: str, *args: Any) -> Any:
        return self.driver.execute_script(script, *args)

    def rect(self, css: str) -> dict[str, float]:
        found = self.run("var e = document.querySelector(arguments[0]); return e && e.getBoundingClientRect().toJSON();",
                         css)
        assert found is not None, css
        return found

    def press(self, key: str) -> None:
        ActionChains(self.driver).send_keys(key).perform()

