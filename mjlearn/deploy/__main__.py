from . import HUB_CONFIG, START_DB

if __name__ == "__main__":
    print(f"JupyterHub configuration / JupyterHub 配置: {HUB_CONFIG}")
    print(f"class database start script / 班级数据库启动脚本: {START_DB}")
